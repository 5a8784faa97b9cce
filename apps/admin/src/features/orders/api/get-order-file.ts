/**
 * An order's files (pdf_file, cover_file) are API paths (GET api/book/{id}/files/{pdf|cover}/) served only with
 * the admin's bearer token, so a plain link cannot open them. The page fetches the bytes with the token
 * (renewing it once on a 401, as the api client does for JSON) and hands the browser an object URL.
 * The shared api client parses JSON only; see docs/decisions/0017.
 */
import { ApiError } from '@bindery/api-client';
import { createSessionRefresher, currentAccessToken } from '@bindery/api-client/session';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { env } from '../../../config/env';
import { api, sessionStore } from '../../../lib/api-client';

const refresh = createSessionRefresher(api, sessionStore);

export interface OrderFile {
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

export async function fetchOrderFile(path: string, signal?: AbortSignal): Promise<OrderFile> {
  // Only the API's own paths: the bearer token must never travel to another address.
  if (!/^\/?api\//.test(path)) throw new ApiError(`Unexpected file path: ${path}`, 0);
  const url = `${env.VITE_API_URL.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`;
  const send = async () => {
    const token = await currentAccessToken(sessionStore, refresh);
    return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  };
  let res: Response;
  try {
    res = await send();
    if (res.status === 401 && (await refresh())) res = await send();
  } catch {
    throw new ApiError(signal?.aborted ? messages.generic.requestAborted : messages.generic.networkError, 0);
  }
  if (!res.ok) {
    const body = ErrorBody.safeParse(await res.json().catch(() => undefined));
    throw new ApiError(body.success ? body.data.error : `Request failed with status ${res.status}`, res.status);
  }
  return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('content-disposition')) };
}
