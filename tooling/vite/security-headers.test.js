/**
 * The SPAs' security headers are said once (security-headers.js) and sent by both servers: the nginx config of
 * the Docker deployment (checked to say exactly the same, in every location that serves files) and the `start`
 * server, `vite preview`, started here on a throw-away build.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaSecurityHeaders } from './security-headers.js';
import { defineSpaConfig } from './spa.js';

const deploy = join(dirname(fileURLToPath(import.meta.url)), '../../deploy');

/** `add_header Name "value" always;` lines of an nginx file, as a header map. */
function nginxHeaders(text) {
  const headers = {};
  for (const match of text.matchAll(/^\s*add_header\s+(\S+)\s+"([^"]*)"\s+always;/gm)) headers[match[1]] = match[2];
  return headers;
}

describe('the SPA security headers', () => {
  it('forbid inline script, framing and sniffing, and limit the referrer', () => {
    const headers = spaSecurityHeaders();
    const csp = Object.fromEntries(
      headers['Content-Security-Policy'].split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(csp['script-src']).toBe("'self'");
    expect(csp['default-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");
    expect(headers['Content-Security-Policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(spaSecurityHeaders({ apiOrigin: 'https://api.example.com' })['Content-Security-Policy']).toContain(
      "connect-src 'self' blob: https://api.example.com;",
    );
  });

  it('are what the nginx deployment sends, in every location that serves the app', async () => {
    const snippet = await readFile(join(deploy, 'nginx-security-headers.conf'), 'utf8');
    expect(nginxHeaders(snippet)).toEqual(spaSecurityHeaders());
    const conf = await readFile(join(deploy, 'nginx-spa.conf.template'), 'utf8');
    const dockerfile = await readFile(join(deploy, 'spa.Dockerfile'), 'utf8');
    const installedAt = /COPY deploy\/nginx-security-headers\.conf (\S+)/.exec(dockerfile)?.[1];
    expect(installedAt).toBeDefined();
    // nginx forgets server-level add_header in a location with its own add_header: each static location includes them.
    const locations = [...conf.matchAll(/location\s+(\S+)\s*\{([^}]*)\}/g)].map((m) => ({ path: m[1], body: m[2] }));
    const statics = locations.filter((l) => !l.path.startsWith('/api'));
    expect(statics.map((l) => l.path).sort()).toEqual(['/', '/assets/']);
    for (const location of statics) expect(location.body).toContain(`include ${installedAt};`);
  });
});

describe('the start server (vite preview)', () => {
  let root;
  let server;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'spa-preview-'));
    await mkdir(join(root, 'dist/assets'), { recursive: true });
    await writeFile(join(root, 'dist/index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    await writeFile(join(root, 'dist/assets/app.js'), 'export {};');
    // Port 0: any free port; the /api proxy target is never called here.
    const config = defineSpaConfig({ portVar: 'SPA_TEST_PORT_UNSET', defaultPort: 0 });
    server = await preview({
      ...config,
      root,
      configFile: false,
      logLevel: 'silent',
      preview: { ...config.preview, port: 0, strictPort: false },
    });
  });
  afterAll(async () => {
    await server?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('sends them on the page, on assets and on the history fallback', async () => {
    const base = server.resolvedUrls.local[0];
    for (const path of ['/', '/assets/app.js', '/orders']) {
      const res = await fetch(new URL(path, base));
      expect(res.status, path).toBe(200);
      for (const [name, value] of Object.entries(spaSecurityHeaders())) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });
});
