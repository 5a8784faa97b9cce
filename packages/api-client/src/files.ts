/**
 * Files the API serves only with a bearer token (a project's PDF or cover for staff, an e-book's files for its
 * customer): a plain link cannot open them, so the page fetches the bytes with the token (renewed once on a 401,
 * as the JSON client does) and hands the browser an object URL. The JSON client parses JSON only (ADR 0017).
 */
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { ApiError, type ApiClient } from './client.js';
import { createSessionRefresher, currentAccessToken } from './session.js';
import type { SessionStore } from './session-store.js';

export interface FetchedFile {
  blob: Blob;
  /** From the server's Content-Disposition, when it names one. */
  fileName: string | null;
}

/** `attachment; filename*=UTF-8''my%20book.pdf` or `filename="my book.pdf"` → the name. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*[^']*''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/** `fetchFile(path)` for API paths (`/api/…`) with the session's token. */
export function createFileFetcher(options: { baseUrl: string; api: ApiClient; store: SessionStore }) {
  const refresh = createSessionRefresher(options.api, options.store);
  return async function fetchFile(path: string, signal?: AbortSignal): Promise<FetchedFile> {
    // Only the API's own paths: the bearer token must never travel to another address.
    if (!/^\/?api\//.test(path)) throw new ApiError(`Unexpected file path: ${path}`, 0);
    const url = `${options.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`;
    const send = async () => {
      const token = await currentAccessToken(options.store, refresh);
      return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
    };
    let res: Response;
    try {
      res = await send();
      if (res.status === 401 && (await refresh())) res = await send();
    } catch {
      throw new ApiError(
        signal?.aborted ? messages.generic.requestAborted : messages.generic.networkError,
        0,
      );
    }
    if (!res.ok) {
      const body = ErrorBody.safeParse(await res.json().catch(() => undefined));
      throw new ApiError(
        body.success ? body.data.error : `Request failed with status ${res.status}`,
        res.status,
      );
    }
    return {
      blob: await res.blob(),
      fileName: fileNameFromDisposition(res.headers.get('content-disposition')),
    };
  };
}

/** Saves fetched bytes under their name (the browser's download), then lets the object URL go. */
export function saveFetchedFile(file: FetchedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
