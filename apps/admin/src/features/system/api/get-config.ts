/** GET /api/config: public URLs of this deployment (e.g. where the admin app lives). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => api.config(signal),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
