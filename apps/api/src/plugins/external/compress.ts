/**
 * Compressed JSON (issue 12.3): a page of orders, the catalog's dropdowns or the OpenAPI document go out as brotli
 * or gzip when the client accepts it and the body is at least 1 KB (below that the headers cost more than they
 * save). Brotli at quality 4, not the library's maximum: on the fly, quality 11 costs tens of milliseconds per
 * response for a few per cent less. Files the customer uploaded (PDF, images) are already compressed and are
 * left alone (compressible types only). Request bodies are not decompressed: nothing of ours sends them so.
 * @see https://github.com/fastify/fastify-compress
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export const COMPRESS_THRESHOLD_BYTES = 1024;

export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress' },
);
