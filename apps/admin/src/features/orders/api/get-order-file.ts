/**
 * An order's files (pdf_file, cover_file) are API paths (GET api/book/{id}/files/{pdf|cover}/) served only with
 * the admin's bearer token, so a plain link cannot open them: fetched with the token by the one client
 * (`api.fetchFile`, the same token, refresh and error texts as every call; docs/decisions/0017, 0043).
 */
import type { FetchedFile } from '@bindery/api-client/files';
import { api } from '#lib/api-client.ts';

export type OrderFile = FetchedFile;

export const fetchOrderFile = (path: string, signal?: AbortSignal): Promise<OrderFile> =>
  api.fetchFile(path, { signal });
