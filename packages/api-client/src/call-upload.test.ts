// @vitest-environment jsdom
/**
 * An upload through `api.call` with `onUploadProgress` goes by XMLHttpRequest (fetch reports no upload progress)
 * with fetch's token, refresh, abort and error behaviour (docs/decisions/0043). jsdom gives XMLHttpRequest; msw
 * answers it.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { defineRoute, urlOf } from '@bindery/contracts/route';
import { ApiError, createApiClient } from './client.js';
import { refreshingClient } from './testing/refresh.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const upload = defineRoute({
  method: 'POST',
  path: '/api/uploads/',
  operationId: 'postUploads',
  summary: 'Upload',
  tags: ['uploads'],
  access: 'customer',
  multipart: true,
  responses: { 201: z.object({ id: z.number() }), 400: ErrorBody, 401: ErrorBody },
});

const form = () => {
  const data = new FormData();
  data.append('purpose', 'interior');
  data.append('file', new File(['%PDF-1.7 test bytes'], 'book.pdf', { type: 'application/pdf' }));
  return data;
};

describe('api.call with upload progress', () => {
  it('posts the form with the bearer token, reports progress from 0 to 1 and parses the answer', async () => {
    const seen: { auth: string | null; purpose: FormDataEntryValue | null; text: string | null } = {
      auth: null,
      purpose: null,
      text: null,
    };
    server.use(
      http.post(`${API}${urlOf(upload)}`, async ({ request }) => {
        seen.auth = request.headers.get('authorization');
        const data = await request.formData();
        seen.purpose = data.get('purpose');
        seen.text = await (data.get('file') as File).text();
        return HttpResponse.json({ id: 42 }, { status: 201 });
      }),
    );
    const progress: number[] = [];
    const client = createApiClient({ baseUrl: API, getAccessToken: () => 'tok' });
    const result = await client.call(upload, { body: form() }, { onUploadProgress: (f) => progress.push(f) });
    expect(result).toEqual({ id: 42 });
    expect(seen).toEqual({ auth: 'Bearer tok', purpose: 'interior', text: '%PDF-1.7 test bytes' });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it("throws the server's error text on a refusal", async () => {
    server.use(
      http.post(`${API}${urlOf(upload)}`, () =>
        HttpResponse.json(
          { error: 'Invalid PDF file or corrupted.', code: 'BAD_REQUEST', statusCode: 400 },
          { status: 400 },
        ),
      ),
    );
    const error = await createApiClient({ baseUrl: API })
      .call(upload, { body: form() }, { onUploadProgress: () => undefined })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Invalid PDF file or corrupted.', status: 400 });
  });

  it('refreshes the access token once on a 401 and retries with the new one', async () => {
    const auths: (string | null)[] = [];
    server.use(
      http.post(`${API}${urlOf(upload)}`, ({ request }) => {
        const auth = request.headers.get('authorization');
        auths.push(auth);
        return auth === 'Bearer new'
          ? HttpResponse.json({ id: 1 }, { status: 201 })
          : HttpResponse.json(
              { error: 'Authentication required. Please log in.', code: 'UNAUTHORIZED', statusCode: 401 },
              { status: 401 },
            );
      }),
    );
    const { client } = refreshingClient(API);
    await expect(
      client.call(upload, { body: form() }, { onUploadProgress: () => undefined }),
    ).resolves.toEqual({
      id: 1,
    });
    expect(auths).toEqual(['Bearer old', 'Bearer new']);
  });

  it("says 'Network Error' when the request cannot be sent and 'Request aborted' when the caller aborts", async () => {
    server.use(http.post(`${API}${urlOf(upload)}`, () => HttpResponse.error()));
    const client = createApiClient({ baseUrl: API });
    await expect(
      client.call(upload, { body: form() }, { onUploadProgress: () => undefined }),
    ).rejects.toThrow('Network Error');
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      client.call(upload, { body: form() }, { onUploadProgress: () => undefined, signal: aborted.signal }),
    ).rejects.toThrow('Request aborted');
  });
});
