/**
 * Where the admin app lives (GET /api/config → admin_url): an admin who logs in here is sent there. Shares the
 * cache entry of the public config, fetched at most once per page load.
 */
import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '@bindery/api-client';
import { api } from '#lib/api-client.ts';

export async function getAdminUrl(queryClient: QueryClient): Promise<string> {
  const config = await queryClient.query(publicConfigQuery(api));
  return config.admin_url;
}
