/**
 * Responses are compressed (issue 12.3): large JSON as brotli or gzip when the client accepts it, small answers
 * and clients that accept neither as they are; the body is the same JSON either way.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '#plugins/external/compress.js';
import { setupTestApp } from './helper.js';

const t = setupTestApp();

describe('response compression', () => {
  it('sends a large JSON answer as brotli or gzip, as accepted, with the same content', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/calculator/dropdowns/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/calculator/dropdowns/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/calculator/dropdowns/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
