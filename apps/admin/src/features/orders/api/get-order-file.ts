/**
 * An order's files (pdf_file, cover_file) are API paths (GET api/book/{id}/files/{pdf|cover}/) served only with
 * the admin's bearer token, so a plain link cannot open them: fetched with the token by the shared file fetcher
 * (@bindery/api-client/files; docs/decisions/0017).
 */
import { createFileFetcher, type FetchedFile } from '@bindery/api-client/files';
import { env } from '#config/env.ts';
import { api, sessionStore } from '#lib/api-client.ts';

export { fileNameFromDisposition } from '@bindery/api-client/files';
export type OrderFile = FetchedFile;

export const fetchOrderFile = createFileFetcher({ baseUrl: env.VITE_API_URL, api, store: sessionStore });
