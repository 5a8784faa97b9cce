/**
 * Test support for the refresh-on-401 cases (not built: tsconfig.build.json leaves src/testing out): a client whose
 * access token 'old' becomes 'new' on its one refresh, and a handler that serves only the new token.
 */
import { HttpResponse } from 'msw';
import { createApiClient } from '../client.js';

/** The API's answer to an expired access token. */
export const expired = () =>
  HttpResponse.json({ error: 'expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 });

/** A handler that answers `ok` to the refreshed token only, and 401 to anything else. */
export const withNewToken =
  (ok: () => Response) =>
  ({ request }: { request: Request }) =>
    request.headers.get('authorization') === 'Bearer new' ? ok() : expired();

/** A client on `baseUrl` whose token is 'old' until its refresh makes it 'new'; `refreshes` counts them. */
export function refreshingClient(baseUrl: string) {
  const state = { token: 'old', refreshes: 0 };
  const client = createApiClient({
    baseUrl,
    getAccessToken: () => state.token,
    refresh: () => {
      state.refreshes += 1;
      state.token = 'new';
      return Promise.resolve(true);
    },
  });
  return Object.assign(state, { client });
}
