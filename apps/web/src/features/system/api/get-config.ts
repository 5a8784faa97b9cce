/** GET /api/config: public URLs of this deployment (e.g. where the admin app lives); the query is api-client's. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '@bindery/api-client';
import { api } from '#lib/api-client.ts';

export const getPublicConfigQueryOptions = () => queryOptions(publicConfigQuery(api));

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
