/**
 * The one typed HTTP client of both SPAs. Every response is parsed with its contract schema, so a server that
 * drifts from the contract fails loudly here instead of rendering wrong numbers.
 * - errors: non-2xx → ApiError carrying the server's ErrorBody (its `error` text is what the UI shows);
 *   transport failures → ApiError with the spec's 'Network Error' / 'Request aborted';
 * - auth: a bearer token from `getAccessToken`; on a 401 the client calls `refresh` once and retries, so an
 *   expired access token is renewed transparently. Requests carry the browser's cookies for the API's origin
 *   (`credentials: 'include'`) so the refresh cookie reaches the refresh path when the API is on another origin
 *   of the same site; the cookie's own Path keeps it off every other request.
 */
import type { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { HealthResponse } from '@bindery/contracts/store/health';

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

export interface RequestOptions<S extends z.ZodType> {
  schema: S;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Statuses other than 2xx whose body still follows `schema` (e.g. 503 from /api/health). */
  okStatuses?: number[];
  /** Send no Authorization header even when a token exists (login, refresh). */
  anonymous?: boolean;
  /** Send this bearer token instead of the session's (e.g. revoking a session that is not kept). No refresh. */
  bearer?: string;
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
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const q = qs.toString();
    return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${q ? `?${q}` : ''}`;
  }

  async function send(method: string, path: string, opts: RequestOptions<z.ZodType>, token?: string | null) {
    const headers: Record<string, string> = { accept: 'application/json' };
    const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(url(path, opts.query), {
        method,
        headers,
        body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal: opts.signal,
        credentials: 'include',
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw new ApiError(messages.generic.requestAborted, 0);
      throw new ApiError(messages.generic.networkError, 0);
    }
  }

  /** Renew once even if several requests hit a 401 at the same time. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (options.refresh?.() ?? Promise.resolve(false)).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function request<S extends z.ZodType>(method: string, path: string, opts: RequestOptions<S>): Promise<z.infer<S>> {
    if (opts.bearer) return read(method, path, opts, await send(method, path, opts, opts.bearer));
    const token = opts.anonymous ? undefined : await options.getAccessToken?.();
    let res = await send(method, path, opts, token);
    if (res.status === 401 && token && options.refresh && (await refreshOnce())) {
      res = await send(method, path, opts, await options.getAccessToken?.());
    }
    return read(method, path, opts, res);
  }

  async function read<S extends z.ZodType>(method: string, path: string, opts: RequestOptions<S>, res: Response): Promise<z.infer<S>> {
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok && !opts.okStatuses?.includes(res.status)) {
      const body = ErrorBody.safeParse(json);
      throw new ApiError(body.success ? body.data.error : `Request failed with status ${res.status}`, res.status, body.success ? body.data : undefined);
    }
    const parsed = opts.schema.safeParse(json);
    if (!parsed.success) throw new ApiError(`Unexpected response from the server for ${method} ${path}`, res.status);
    return parsed.data;
  }

  return {
    request,
    get: <S extends z.ZodType>(path: string, opts: RequestOptions<S>) => request('GET', path, opts),
    post: <S extends z.ZodType>(path: string, opts: RequestOptions<S>) => request('POST', path, opts),
    put: <S extends z.ZodType>(path: string, opts: RequestOptions<S>) => request('PUT', path, opts),
    delete: <S extends z.ZodType>(path: string, opts: RequestOptions<S>) => request('DELETE', path, opts),
    health: (signal?: AbortSignal) => request('GET', '/api/health', { schema: HealthResponse, okStatuses: [503], signal }),
    config: (signal?: AbortSignal) => request('GET', '/api/config', { schema: PublicConfigResponse, signal }),
  };
}
