import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@bindery/api-client';
import type { UploadedFile } from '@bindery/contracts/store/projects';
import type { StoreTokenRefreshResponse } from '@bindery/contracts/store/users';
import { server } from '#testing/msw-server.ts';
import { errorBody, uploadedFixture } from '#testing/project-fixtures.ts';
import { sessionStore } from '#lib/session-store.ts';
import { signInForTest, testCustomer } from '#testing/session.ts';
import { uploadFile } from '../upload-file';

const pdf = () => new File(['%PDF-1.7 test bytes'], 'book.pdf', { type: 'application/pdf' });

describe('uploadFile', () => {
  it('posts purpose and file as multipart with the bearer token, reports progress, and parses the answer', async () => {
    signInForTest();
    // The file's bytes arrive; its name does not survive msw's conversion of jsdom's FormData (browsers keep it).
    const seen: { auth: string | null; purpose: FormDataEntryValue | null; text: string | null } = {
      auth: null,
      purpose: null,
      text: null,
    };
    server.use(
      http.post('/api/book/uploads/', async ({ request }) => {
        seen.auth = request.headers.get('authorization');
        const form = await request.formData();
        seen.purpose = form.get('purpose');
        seen.text = await (form.get('file') as File).text();
        return HttpResponse.json<UploadedFile>(uploadedFixture({ page_count: 42 }), { status: 201 });
      }),
    );
    const progress: number[] = [];
    const result = await uploadFile(pdf(), 'interior', { onProgress: (f) => progress.push(f) });
    expect(result.page_count).toBe(42);
    expect(seen).toEqual({ auth: 'Bearer access-token', purpose: 'interior', text: '%PDF-1.7 test bytes' });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it("throws the server's error text on a refusal", async () => {
    signInForTest();
    server.use(
      http.post('/api/book/uploads/', () =>
        HttpResponse.json(errorBody('Invalid PDF file or corrupted.', 400), { status: 400 }),
      ),
    );
    const error = await uploadFile(pdf(), 'interior').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid PDF file or corrupted.');
    expect((error as ApiError).status).toBe(400);
  });

  it('refreshes the access token once on a 401 and retries with the new one', async () => {
    signInForTest();
    const auths: (string | null)[] = [];
    server.use(
      http.post('/api/users/token/refresh/', async ({ request }) => {
        // The refresh token is the HttpOnly cookie: nothing in the body (docs/decisions/0025).
        expect(await request.text()).toBe('');
        return HttpResponse.json<StoreTokenRefreshResponse>({
          access: 'new-access',
          access_expires_in: 3600,
          user: testCustomer,
        });
      }),
      http.post('/api/book/uploads/', ({ request }) => {
        const auth = request.headers.get('authorization');
        auths.push(auth);
        return auth === 'Bearer new-access'
          ? HttpResponse.json<UploadedFile>(uploadedFixture())
          : HttpResponse.json(errorBody('Authentication required. Please log in.', 401), { status: 401 });
      }),
    );
    const result = await uploadFile(pdf(), 'interior');
    expect(result.file_name).toBe('book.pdf');
    expect(auths).toEqual(['Bearer access-token', 'Bearer new-access']);
    expect(sessionStore.get()?.access).toBe('new-access');
  });

  it("says 'Network Error' when the request cannot be sent", async () => {
    signInForTest();
    server.use(http.post('/api/book/uploads/', () => HttpResponse.error()));
    await expect(uploadFile(pdf(), 'cover')).rejects.toThrow('Network Error');
  });

  it("says 'Request aborted' when the caller aborts", async () => {
    signInForTest();
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(uploadFile(pdf(), 'interior', { signal: ctrl.signal })).rejects.toThrow('Request aborted');
  });
});
