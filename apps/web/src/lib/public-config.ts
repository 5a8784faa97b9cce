/**
 * GET /api/config: the deployment's public settings (where the admin app lives, the first-print offer), read by
 * any feature; the query is api-client's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '@bindery/api-client';
import { api } from '#lib/api-client.ts';

export const getPublicConfigQueryOptions = () => queryOptions(publicConfigQuery(api));

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
