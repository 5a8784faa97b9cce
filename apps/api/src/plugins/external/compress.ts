/**
 * Compressed JSON: a page of orders, the catalog's dropdowns or the OpenAPI document go out as brotli
 * or gzip when the client accepts it and the body is at least 1 KB (below that the headers cost more than they
 * save). Brotli at quality 4, not the library's maximum: on the fly, quality 11 costs tens of milliseconds per
 * response for a few per cent less. Files the customer uploaded (PDF, images) are already compressed and are
 * left alone (compressible types only). Request bodies are not decompressed: nothing of ours sends them so.
 *
 * Two paths (docs/decisions/0048):
 * - **A ready body** (a string or Buffer: every JSON answer of ours) is compressed in ONE asynchronous zlib call
 *   and sent as a Buffer with its Content-Length. @fastify/compress would turn it into a stream and pipe it
 *   through a peek stream and a zlib stream (readable-stream, duplexify, pump) into a chunked answer: under the
 *   bench's list load that machinery was about 7 % of the API's CPU, and the answer went out chunk by chunk as the
 *   stream produced it. Same negotiation (@fastify/accept-negotiator, the library's own), threshold,
 *   encodings, quality, `x-no-compression` and `Vary` as the library.
 * - **A stream** (the docs UI's static files) is left to @fastify/compress, which this hook runs before: it sees
 *   the Content-Encoding set here and leaves a compressed ready body alone.
 * @see https://github.com/fastify/fastify-compress
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

export const COMPRESS_THRESHOLD_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors: Record<Encoding, (body: string | Buffer) => Promise<Buffer>> = {
  br: (body) => brotliAsync(body, BROTLI_OPTIONS),
  gzip: (body) => gzipAsync(body),
};

/**
 * Accept-Encoding → the encoding to use. The header comes from the client, so the cache of answers is bounded
 * (browsers send a handful of distinct values; a hostile client could send a new one every request).
 */
const ACCEPT_CACHE_MAX = 100;
const acceptCache = new Map<string, Encoding | null>();
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

function chooseEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const known = acceptCache.get(accept);
  if (known !== undefined) return known;
  // As @fastify/compress reads it: case-insensitive, x-gzip is gzip (RFC 9110 §8.4.1.3) and so is "*" (any: the
  // one every client can read).
  const chosen = negotiator.negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  if (acceptCache.size >= ACCEPT_CACHE_MAX) acceptCache.clear();
  acceptCache.set(accept, chosen);
  return chosen;
}

/** JSON, the only ready bodies the API sends that are worth compressing (its errors, lists, documents). */
const isJson = (type: unknown) =>
  typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

const compressReadyBody: onSendAsyncHookHandler = async (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) => {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined)
    return payload;
  if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES || !isJson(reply.getHeader('content-type')))
    return payload;
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === null) return payload;
  const compressed = await compressors[encoding](payload);
  addVary(reply);
  reply.header('content-encoding', encoding);
  // Fastify sets Content-Length from the payload it is handed; one a handler set for the plain body would lie.
  reply.removeHeader('content-length');
  return compressed;
};

export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: [...ENCODINGS],
      brotliOptions: BROTLI_OPTIONS,
    });
    // Registered after the library's own onRoute hook, and put first: a ready body is compressed here before the
    // library's onSend sees it. A route with `compress: false` (the quote) gets neither hook (the library's onRoute,
    // which ran first, has already copied a `config.compress` there).
    app.addHook('onRoute', (route) => {
      if (route.compress === false) return;
      const existing = route.onSend === undefined ? [] : [route.onSend].flat();
      route.onSend = [compressReadyBody, ...existing];
    });
  },
  { name: 'compress' },
);
