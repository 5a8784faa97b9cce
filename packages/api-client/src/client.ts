/**
 * The one typed HTTP client of both SPAs. Every response is parsed with its contract schema, so a server that
 * drifts from the contract fails loudly here instead of rendering wrong numbers.
 * - errors: non-2xx → ApiError carrying the server's ErrorBody (its `error` text is what the UI shows);
 *   transport failures → ApiError with the spec's 'Network Error' / 'Request aborted';
 * - `call(route, input)` takes an endpoint's route object from packages/contracts (docs/decisions/0043): the path
 *   is filled from it (pathOf), the input and the result are typed by it, the answer is parsed with the schema it
 *   declares for the status. A multipart route sends FormData; with `onUploadProgress` it goes by XMLHttpRequest,
 *   because fetch reports no upload progress, with the same token, refresh, abort and errors as fetch.
 * - `download(route, input)` for a route whose contract `produces` a file (a GET): the same exchange, the 2xx read
 *   as bytes (a Blob and the server's file name); `fetchFile(path)` for an API path the server gave.
 * - auth: a bearer token from `getAccessToken`; on a 401 the client calls `refresh` once and retries, so an
 *   expired access token is renewed transparently. Requests carry the browser's cookies for the API's origin
 *   (`credentials: 'include'`) so the refresh cookie reaches the refresh path when the API is on another origin
 *   of the same site; the cookie's own Path keeps it off every other request.
 */
import type { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import {
  pathOf,
  successStatusOf,
  type RouteContract,
  type RouteInput,
  type RouteResult,
} from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { healthRoute } from '@bindery/contracts/store/health';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Share of the request's bytes sent so far, 0 to 1 (an upload's progress bar); sends by XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
  /** Send no Authorization header even when a token exists (login, refresh). */
  anonymous?: boolean;
  /** Send this bearer token instead of the session's (e.g. revoking a session that is not kept). No refresh. */
  bearer?: string;
}

/** `call`'s arguments: the input may be left out when the route takes none (no params, no body). */
export type CallArgs<R extends RouteContract> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/** A file's bytes as the API served them (a download: a route that `produces` a binary type). */
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

/** A route whose success answer is a file's bytes, not JSON (its contract names the media types). */
export type DownloadRoute = RouteContract & { readonly method: 'GET'; readonly produces: readonly string[] };

export interface DownloadOptions {
  signal?: AbortSignal;
}

/** `download`'s arguments: the input may be left out when the route takes none. */
export type DownloadArgs<R extends DownloadRoute> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: DownloadOptions]
    : [input: RouteInput<R>, options?: DownloadOptions];

/** The answer as read off the wire, whichever transport carried it; `file` for a download's 2xx. */
interface RawResponse {
  status: number;
  text: string;
  file?: FetchedFile;
}

export interface ApiClientOptions {
  /** Origin of the API; '' (default) means the same origin as the page (the SPA servers proxy /api). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The bearer token to send; may have to fetch one first (a reloaded page restoring its session). */
  getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Renews the access token; resolves true when a retry may succeed. Called at most once per request. */
  refresh?: () => Promise<boolean>;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let refreshing: Promise<boolean> | undefined;

  function url(path: string, query?: Query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const q = qs.toString();
    return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${q ? `?${q}` : ''}`;
  }

  interface Outgoing {
    body?: unknown;
    query?: Query;
    signal?: AbortSignal;
    onUploadProgress?: (fraction: number) => void;
    /** A download: a 2xx is read as bytes (an error answer is still read as JSON, for its text). */
    binary?: boolean;
  }

  const transportError = (error: unknown) =>
    new ApiError(
      error instanceof Error && error.name === 'AbortError'
        ? messages.generic.requestAborted
        : messages.generic.networkError,
      0,
    );

  async function send(
    method: string,
    path: string,
    opts: Outgoing,
    token?: string | null,
  ): Promise<RawResponse> {
    const headers: Record<string, string> = { accept: opts.binary ? '*/*' : 'application/json' };
    const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const body =
      opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body);
    if (opts.onUploadProgress) return sendWithProgress(method, url(path, opts.query), headers, body, opts);
    try {
      const res = await doFetch(url(path, opts.query), {
        method,
        headers,
        body,
        signal: opts.signal,
        credentials: 'include',
      });
      if (opts.binary && res.ok) {
        const fileName = fileNameFromDisposition(res.headers.get('content-disposition'));
        return { status: res.status, text: '', file: { blob: await res.blob(), fileName } };
      }
      return { status: res.status, text: await res.text() };
    } catch (error) {
      throw transportError(error);
    }
  }

  /** fetch has no upload progress: an upload whose caller shows a progress bar goes by XMLHttpRequest. */
  function sendWithProgress(
    method: string,
    target: string,
    headers: Record<string, string>,
    body: FormData | string | undefined,
    opts: Outgoing,
  ): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      if (opts.signal?.aborted) {
        reject(new ApiError(messages.generic.requestAborted, 0));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, target);
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable && e.total > 0) opts.onUploadProgress?.(Math.min(1, e.loaded / e.total));
      });
      xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
      xhr.addEventListener('error', () => reject(new ApiError(messages.generic.networkError, 0)));
      xhr.addEventListener('abort', () => reject(new ApiError(messages.generic.requestAborted, 0)));
      const onAbort = () => xhr.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      xhr.addEventListener('loadend', () => opts.signal?.removeEventListener('abort', onAbort));
      opts.onUploadProgress?.(0);
      xhr.send(body ?? null);
    });
  }

  /** Renew once even if several requests hit a 401 at the same time. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (options.refresh?.() ?? Promise.resolve(false)).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** Sends with the session's token; on a 401, one refresh (shared by concurrent requests) and one retry. */
  async function exchange(
    method: string,
    path: string,
    opts: Outgoing & { anonymous?: boolean; bearer?: string },
  ): Promise<RawResponse> {
    if (opts.bearer) return send(method, path, opts, opts.bearer);
    const token = opts.anonymous ? undefined : await options.getAccessToken?.();
    const res = await send(method, path, opts, token);
    if (res.status === 401 && token && options.refresh && (await refreshOnce())) {
      return send(method, path, opts, await options.getAccessToken?.());
    }
    return res;
  }

  function parseJson(text: string): unknown {
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  }

  /** A refusal: the server's error text (the spec's), with its body. */
  function refusal(res: RawResponse, json: unknown): ApiError {
    const body = ErrorBody.safeParse(json);
    return new ApiError(
      body.success ? body.data.error : `Request failed with status ${res.status}`,
      res.status,
      body.success ? body.data : undefined,
    );
  }

  /**
   * Calls the endpoint a route object describes. A 2xx is parsed with the schema the route declares for it (none
   * for a 204 or a `null` answer: undefined); a status other than 2xx that the route answers with its success
   * schema too (/api/health's 503) is an answer as well; any other status is an ApiError with the server's text.
   */
  async function call<R extends RouteContract>(
    route: R,
    ...[input, callOptions = {}]: CallArgs<R>
  ): Promise<RouteResult<R>> {
    const given = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: Query;
      body?: unknown;
    };
    const path = pathOf(route, given.params);
    const res = await exchange(route.method, path, {
      ...callOptions,
      query: given.query,
      body: given.body ?? undefined,
    });
    const success = successStatusOf(route);
    const successSchema = success === undefined ? undefined : route.responses[success];
    const declared: z.ZodType | null | undefined = route.responses[res.status];
    const ok = res.status >= 200 && res.status < 300;
    const json = parseJson(res.text);
    if (!ok && (declared === undefined || declared === null || declared !== successSchema))
      throw refusal(res, json);
    const schema = ok && declared !== undefined ? declared : successSchema;
    if (!schema || res.status === 204) return undefined as RouteResult<R>;
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ApiError(`Unexpected response from the server for ${route.method} ${route.path}`, res.status);
    return parsed.data as RouteResult<R>;
  }

  /** A download: a 2xx's bytes, else the server's error text (the same exchange as every call). */
  async function getFile(path: string, outgoing: Outgoing): Promise<FetchedFile> {
    const res = await exchange('GET', path, { ...outgoing, binary: true });
    if (!res.file) throw refusal(res, parseJson(res.text));
    return res.file;
  }

  /**
   * Downloads what a route that `produces` a binary type answers (a project's file, an e-book's download, a
   * certificate): the path and query from the route object, as `call` fills them; the bytes and the server's file
   * name back, with the same token, one refresh on a 401, abort and error texts.
   */
  function download<R extends DownloadRoute>(
    route: R,
    ...[input, options]: DownloadArgs<R>
  ): Promise<FetchedFile> {
    const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Query };
    return getFile(pathOf(route, given.params), { ...options, query: given.query });
  }

  /**
   * The same for an API path the server gave (an order's `pdf_file`, an e-book's download link). Only the API's own
   * paths: the bearer token must never travel to another address.
   */
  function fetchFile(path: string, options: DownloadOptions = {}): Promise<FetchedFile> {
    if (!/^\/?api\//.test(path)) return Promise.reject(new ApiError(`Unexpected file path: ${path}`, 0));
    return getFile(path.startsWith('/') ? path : `/${path}`, options);
  }

  return {
    call,
    download,
    fetchFile,
    // The health route answers 503 with its success schema too: call() reads it as an answer, not an error.
    health: (signal?: AbortSignal) => call(healthRoute, {}, { signal }),
    config: (signal?: AbortSignal) => call(configRoute, {}, { signal }),
  };
}

/**
 * GET /api/config as TanStack Query options, one cache entry for both SPAs (ADR 0045): the deployment's public
 * config does not change while a page is open, so it is fetched once. A plain object (TanStack's `queryOptions` is
 * only a typing identity), so this package needs no React; each app wraps it in its own query hook.
 */
export function publicConfigQuery(api: Pick<ApiClient, 'config'>) {
  return {
    queryKey: ['public-config'] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => api.config(signal),
    staleTime: Infinity,
  };
}
