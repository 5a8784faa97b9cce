/**
 * An e-book's files in a paid order (GET api/orders/{id}/downloads/{project_id}/{pdf|cover}/, docs/decisions/0034)
 * are served only with the customer's bearer token: fetched with it by the shared file fetcher, then saved.
 */
import { createFileFetcher } from '@bindery/api-client/files';
import { env } from '#config/env.ts';
import { api } from '#lib/api-client.ts';
import { sessionStore } from '#lib/session-store.ts';

export const fetchDownload = createFileFetcher({ baseUrl: env.VITE_API_URL, api, store: sessionStore });
