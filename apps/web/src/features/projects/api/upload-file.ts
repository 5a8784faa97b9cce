/**
 * POST api/book/uploads/ (multipart {purpose, file}, bearer): stores a file the server checks itself (type by its
 * bytes, PDF page count, size) and answers UploadedFile. Sent with XMLHttpRequest rather than the shared fetch
 * client because fetch reports no upload progress, and the design page shows a real progress bar.
 * Auth works as in lib/api-client: the session's access token goes out as the bearer token (restored first on a
 * reloaded page), and a 401 is answered by one token refresh (the session module's refresher) and one retry. Errors are ApiErrors with the
 * server's error body, or the spec's 'Network Error' / 'Request aborted'.
 * @see docs/decisions/0015-customer-project-pages.md
 */
import { ApiError } from '@bindery/api-client';
import { createSessionRefresher, currentAccessToken } from '@bindery/api-client/session';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { UploadedFile, type UploadPurpose } from '@bindery/contracts/store/projects';
import { env } from '#config/env.ts';
import { api } from '#lib/api-client.ts';
import { sessionStore } from '#lib/session-store.ts';

export interface UploadOptions {
  /** Share of the bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const refresh = createSessionRefresher(api, sessionStore);
const UPLOAD_URL = `${env.VITE_API_URL.replace(/\/+$/, '')}/api/book/uploads/`;

interface RawResponse {
  status: number;
  text: string;
}

function send(
  file: File,
  purpose: UploadPurpose,
  token: string | undefined,
  opts: UploadOptions,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ApiError(messages.generic.requestAborted, 0));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener('error', () => reject(new ApiError(messages.generic.networkError, 0)));
    xhr.addEventListener('abort', () => reject(new ApiError(messages.generic.requestAborted, 0)));
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.addEventListener('loadend', () => opts.signal?.removeEventListener('abort', onAbort));
    const form = new FormData();
    // The purpose goes first so the server knows the rules before the file's bytes arrive.
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    opts.onProgress?.(0);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  opts: UploadOptions = {},
): Promise<UploadedFile> {
  const token = await currentAccessToken(sessionStore, refresh);
  let res = await send(file, purpose, token, opts);
  if (res.status === 401 && token && (await refresh())) {
    res = await send(file, purpose, sessionStore.get()?.access, opts);
  }
  const json = parseJson(res.text);
  if (res.status < 200 || res.status >= 300) {
    const body = ErrorBody.safeParse(json);
    throw new ApiError(
      body.success ? body.data.error : `Request failed with status ${res.status}`,
      res.status,
      body.success ? body.data : undefined,
    );
  }
  const parsed = UploadedFile.safeParse(json);
  if (!parsed.success)
    throw new ApiError('Unexpected response from the server for POST /api/book/uploads/', res.status);
  return parsed.data;
}
