import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '@bindery/vite-config/precompress';
import { buildSpaServer } from './server.js';

const html =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b3c.js"></script></body></html>';
// Compressible like a real bundle: repetitive source text, well above the 1 KB threshold.
const bundle = Array.from({ length: 400 }, (_, i) => `export const value${i} = "bindery-${i % 7}";`).join(
  '\n',
);

let dir: string;
let api: FastifyInstance;
let spa: FastifyInstance;
let spaUrl: string;
const received: { path: string; bytes: number }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spa-server-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), html);
  await writeFile(join(dir, 'assets', 'app-1a2b3c.js'), bundle);
  await writeFile(join(dir, 'assets', 'app-1a2b3c.js.map'), bundle);
  await writeFile(join(dir, 'assets', 'logo-9f8e7d.png'), randomBytes(4096));
  await writeFile(join(dir, 'robots.txt'), 'User-agent: *\n');
  // The build step of tooling/vite: .br and .gz beside each compressible file.
  await precompressDir(dir);

  // The API behind the proxy: its own headers, and an upload endpoint that counts the streamed bytes.
  api = Fastify();
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  api.get('/api/health', async (_request, reply) =>
    reply.header('referrer-policy', 'no-referrer').send({ status: 'ok' }),
  );
  api.post('/api/book/uploads/', async (request) => {
    let bytes = 0;
    for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
    received.push({ path: request.url, bytes });
    return { bytes };
  });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const apiAddress = api.server.address() as { port: number };

  spa = await buildSpaServer({ dir, apiTarget: `http://127.0.0.1:${apiAddress.port}` });
  await spa.listen({ host: '127.0.0.1', port: 0 });
  spaUrl = `http://127.0.0.1:${(spa.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  // beforeAll may have failed before either server existed.
  await (spa as FastifyInstance | undefined)?.close();
  await (api as FastifyInstance | undefined)?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('precompressed build output', () => {
  it('has .br and .gz beside compressible files only', async () => {
    const files = (await readdir(dir, { recursive: true })).map(String).sort();
    expect(files).toContain('assets/app-1a2b3c.js.br');
    expect(files).toContain('assets/app-1a2b3c.js.gz');
    // Too small (robots.txt, index.html under 1 KB), not compressible (png), not for visitors (map).
    expect(files.filter((f) => /\.(br|gz)$/.test(f)).sort()).toEqual([
      'assets/app-1a2b3c.js.br',
      'assets/app-1a2b3c.js.gz',
    ]);
  });
});

describe('the SPA server', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await spa.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(bundle.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundle);
  });

  it('sends the gzip copy when only gzip is accepted, and the file itself when nothing is', async () => {
    const gzip = await spa.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);
    const plain = await spa.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('answers client-side routes with index.html, revalidated on every visit, with the security headers', async () => {
    for (const url of ['/', '/shop', '/admin/orders/12?tab=files']) {
      const res = await spa.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(html);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers 404 for a missing hashed asset (never a page in place of a script)', async () => {
    const res = await spa.inject({ url: '/assets/gone-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
  });

  it('proxies /api to the API and keeps the API’s own headers', async () => {
    const res = await fetch(`${spaUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('streams a 51 MB upload through to the API', async () => {
    const size = 51 * 1024 * 1024;
    const res = await fetch(`${spaUrl}/api/book/uploads/`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(size, 1),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: size });
    expect(received).toEqual([{ path: '/api/book/uploads/', bytes: size }]);
  });
});
