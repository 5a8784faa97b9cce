/**
 * GET and PUT api/admin/first-print-discount/ (admin bearer; docs/decisions/0033): the first-print discount's
 * switch and whole-percent rate. A change applies to orders placed after it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPromotionRoutes, type FirstPrintDiscountBody } from '@bindery/contracts/admin/promotions';
import { api } from '#lib/api-client.ts';

const key = ['admin', 'first-print-discount'] as const;

export const getFirstPrintDiscountQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.call(adminPromotionRoutes.firstPrintDiscount, {}, { signal }),
  });

export const useFirstPrintDiscount = () => useQuery(getFirstPrintDiscountQueryOptions());

export function useSaveFirstPrintDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FirstPrintDiscountBody) =>
      api.call(adminPromotionRoutes.setFirstPrintDiscount, { body }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
