/**
 * GET and PUT api/admin/first-print-discount/ (admin bearer; docs/decisions/0033): the first-print discount's
 * switch and whole-percent rate. A change applies to orders placed after it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FirstPrintDiscountSetting, type FirstPrintDiscountBody } from '@bindery/contracts/admin/promotions';
import { api } from '#lib/api-client.ts';

const key = ['admin', 'first-print-discount'] as const;

export const getFirstPrintDiscountQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get('/api/admin/first-print-discount/', { schema: FirstPrintDiscountSetting, signal }),
  });

export const useFirstPrintDiscount = () => useQuery(getFirstPrintDiscountQueryOptions());

export function useSaveFirstPrintDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FirstPrintDiscountBody) =>
      api.put('/api/admin/first-print-discount/', { schema: FirstPrintDiscountSetting, body }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
