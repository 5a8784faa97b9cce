/**
 * Responses are compressed: large JSON as brotli or gzip when the client accepts it, small answers
 * and clients that accept neither as they are; the body is the same JSON either way. A ready JSON body is
 * compressed in one call and sent whole with its length; a stream (the docs UI's files) by @fastify/compress
 * (docs/decisions/0048).
 */
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '#plugins/external/compress.js';
import { setupTestApp } from './helper.js';

const WEB = 'http://web.test:5173';
const t = setupTestApp({ env: { PUBLIC_WEB_URL: WEB } });

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

  it('sends a compressed JSON answer whole, with its length, not as a chunked stream', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calculator/dropdowns/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();

    // The same over a real socket: what a browser or a proxy receives.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/calculator/dropdowns/',
          headers: { 'accept-encoding': 'gzip' },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.headers)).on('error', reject);
        },
      ).on('error', reject);
    });
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBeGreaterThan(0);
  });

  it("chooses by the client's preferences and leaves the body alone when it accepts neither encoding", async () => {
    const ask = (acceptEncoding: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/calculator/dropdowns/',
        headers: { 'accept-encoding': acceptEncoding, ...extra },
      });
    expect((await ask('gzip;q=1, br;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await ask('X-GZIP')).headers['content-encoding']).toBe('gzip');
    expect((await ask('*')).headers['content-encoding']).toBe('gzip');
    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'zstd, deflate']) {
      const res = await ask(refused);
      expect(res.headers['content-encoding'], refused).toBeUndefined();
      expect(res.json(), refused).toHaveProperty('trim_sizes');
    }
    // A client (or a proxy) that asks for no compression at all.
    expect((await ask('br', { 'x-no-compression': '1' })).headers['content-encoding']).toBeUndefined();
  });

  it('keeps the CORS Vary beside its own', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calculator/dropdowns/',
      headers: { 'accept-encoding': 'br', origin: WEB },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/^origin, accept-encoding$/i);
  });

  it("compresses the docs UI's files, which are streams, through @fastify/compress", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('.swagger-ui');
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
