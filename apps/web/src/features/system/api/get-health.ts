/** GET /api/health through the shared client. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export const getHealthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => api.health(signal), staleTime: 5_000 });

export const useHealth = () => useQuery(getHealthQueryOptions());
