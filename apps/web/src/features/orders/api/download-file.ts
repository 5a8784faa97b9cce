/**
 * An e-book's files in a paid order (GET api/orders/{id}/downloads/{project_id}/{pdf|cover}/, docs/decisions/0034)
 * are served only with the customer's bearer token: fetched with it by the one client (`api.fetchFile`, the path
 * the order gives), then saved.
 */
import type { FetchedFile } from '@bindery/api-client/files';
import { api } from '#lib/api-client.ts';

export const fetchDownload = (path: string, signal?: AbortSignal): Promise<FetchedFile> =>
  api.fetchFile(path, { signal });
