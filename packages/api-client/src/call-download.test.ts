/**
 * `api.download(route, input)` and `api.fetchFile(path)`: a file's bytes through the same exchange as every call
 * (docs/decisions/0043): the path and query from the route object, the token, one refresh on a 401, the server's
 * error text, abort; the file name from Content-Disposition.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, IdParam } from '@bindery/contracts/common';
import { defineRoute, urlOf } from '@bindery/contracts/route';
import { healthRoute } from '@bindery/contracts/store/health';
import { ApiError, createApiClient, fileNameFromDisposition } from './client.js';
import { refreshingClient, withNewToken } from './testing/refresh.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fileRoute = defineRoute({
  method: 'GET',
  path: '/api/things/{id}/files/{kind}/',
  operationId: 'getThingsByIdFilesByKind',
  summary: "A thing's file",
  tags: ['things'],
  access: 'owner',
  params: z.object({ id: IdParam, kind: z.enum(['pdf', 'cover']) }),
  query: z.object({ download: z.stringbool().optional() }),
  produces: ['application/pdf'],
  responses: { 200: null, 401: ErrorBody, 404: ErrorBody },
});
const pdf = () =>
  new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': "attachment; filename*=UTF-8''my%20book.pdf",
    },
  });

describe('api.download', () => {
  it('fills the path and query from the route, sends the token, and gives the bytes and the file name', async () => {
    let seen: { auth: string | null; search: string } | undefined;
    server.use(
      // The literal path is the assertion: the client fills {id} and {kind} of the route's path.
      http.get(`${API}/api/things/7/files/pdf/`, ({ request }) => {
        seen = { auth: request.headers.get('authorization'), search: new URL(request.url).search };
        return pdf();
      }),
    );
    const client = createApiClient({ baseUrl: API, getAccessToken: () => 'tok' });
    const file = await client.download(fileRoute, {
      params: { id: 7, kind: 'pdf' },
      query: { download: 'true' },
    });
    expect(file.fileName).toBe('my book.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(seen).toEqual({ auth: 'Bearer tok', search: '?download=true' });
    // Only routes whose contract says they produce a file: a JSON route is not a download.
    const notADownload = () =>
      // @ts-expect-error the health route answers JSON
      client.download(healthRoute);
    expect(notADownload).toBeTypeOf('function');
  });

  it("refreshes once on a 401 and retries; a refusal is the server's error text; abort says 'Request aborted'", async () => {
    server.use(
      http.get(`${API}${urlOf(fileRoute, { id: 7, kind: 'pdf' })}`, withNewToken(pdf)),
      http.get(`${API}${urlOf(fileRoute, { id: 8, kind: 'cover' })}`, () =>
        HttpResponse.json(
          { error: 'Project not found.', code: 'NOT_FOUND', statusCode: 404 },
          { status: 404 },
        ),
      ),
    );
    const refreshing = refreshingClient(API);
    const { client } = refreshing;
    await expect(client.download(fileRoute, { params: { id: 7, kind: 'pdf' } })).resolves.toMatchObject({
      fileName: 'my book.pdf',
    });
    expect(refreshing.refreshes).toBe(1);
    const refused = await client
      .download(fileRoute, { params: { id: 8, kind: 'cover' } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'Project not found.', status: 404 });
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      client.download(fileRoute, { params: { id: 7, kind: 'pdf' } }, { signal: aborted.signal }),
    ).rejects.toMatchObject({ message: 'Request aborted', status: 0 });
  });
});

describe('api.fetchFile', () => {
  it('fetches an API path the server gave, and never sends the token anywhere else', async () => {
    server.use(http.get(`${API}${urlOf(fileRoute, { id: 7, kind: 'pdf' })}`, () => pdf()));
    const client = createApiClient({ baseUrl: API, getAccessToken: () => 'tok' });
    await expect(client.fetchFile('api/things/7/files/pdf/')).resolves.toMatchObject({
      fileName: 'my book.pdf',
    });
    await expect(client.fetchFile('https://elsewhere.test/api/x')).rejects.toThrow(
      'Unexpected file path: https://elsewhere.test/api/x',
    );
  });

  it('reads the file name from either form of Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="my book.pdf"')).toBe('my book.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E2%82%AC.pdf")).toBe('€.pdf');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
