/**
 * The shipped docker-compose deployment, read as data (no Docker engine runs where this is developed): every
 * long-running service restarts by itself and reports its health, each service waits for what it needs to be
 * healthy, two API replicas share PostgreSQL behind the SPAs' nginx, and the API's environment there passes the
 * API's own validation (a TRUST_PROXY of "true", for one, would stop it at start).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#env.js';
import { defined } from './helper.js';

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
}

const root = join(import.meta.dirname, '../../..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = compose.services;
const service = (name: string) => defined(services[name], `service ${name} in docker-compose.yml`);

/** Compose's ${VAR:-default} and ${VAR:?message}, with `vars` as the shell environment. */
const interpolate = (value: string, vars: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg: string = '') => {
    if (vars[name]) return vars[name];
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? arg : '';
  });

describe('docker-compose.yml', () => {
  it('restarts every long-running service by itself and checks its health', () => {
    // One-shot helpers (others wait for them to complete, e.g. a bucket's creation) exit when done.
    const oneShots = new Set(
      Object.values(services).flatMap((s) =>
        Object.entries(s.depends_on ?? {})
          .filter(([, d]) => d.condition === 'service_completed_successfully')
          .map(([dependency]) => dependency),
      ),
    );
    for (const [name, service] of Object.entries(services)) {
      if (oneShots.has(name)) continue;
      expect(service.restart, name).toMatch(/^(unless-stopped|always)$/);
      expect(service.healthcheck?.test, name).toBeDefined();
    }
  });

  it('starts the API only on a healthy database, and the SPAs only on a healthy API', () => {
    expect(service('api').depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    for (const spa of ['web', 'admin']) {
      expect(service(spa).depends_on?.api, spa).toEqual({ condition: 'service_healthy' });
      expect(service(spa).environment?.API_UPSTREAM, spa).toBe('http://api:3000');
    }
    expect(JSON.stringify(service('api').healthcheck?.test)).toContain('/api/health');
  });

  it('runs two API replicas on one PostgreSQL, behind exactly one trusted proxy hop', () => {
    const api = service('api');
    expect(api.deploy?.replicas).toBeGreaterThanOrEqual(2);
    const env = Object.fromEntries(
      Object.entries(api.environment ?? {}).map(([k, v]) => [
        k,
        interpolate(v, { JWT_SECRET: 'x'.repeat(48) }),
      ]),
    );
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    const config = parseEnv({ ...env, DATA_DIR: '/tmp/bindery-compose-check' });
    expect(config.trustProxy).toBe(1);
    expect(config.database.mode).toBe('postgres');
  });
});

describe('deploy/nginx-spa.conf.template (the SPAs’ nginx, in front of the API in compose)', () => {
  const conf = readFileSync(join(root, 'deploy/nginx-spa.conf.template'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .join('\n');
  const dockerfile = readFileSync(join(root, 'deploy/spa.Dockerfile'), 'utf8');
  /** The value of a directive: its first occurrence in `text` (the whole file: the server level comes first). */
  const directive = (name: string, text = conf) => new RegExp(`^${name}\\s+([^;]+);`, 'm').exec(text)?.[1];
  const seconds = (value: string | undefined) => Number(/^(\d+)s$/.exec(value ?? '')?.[1] ?? NaN);

  it('is the configuration the SPA image installs', () => {
    expect(dockerfile).toContain(
      'COPY deploy/nginx-spa.conf.template /etc/nginx/templates/default.conf.template',
    );
  });

  it('bounds slow clients: headers, bodies, answers and idle keep-alive connections', () => {
    expect(seconds(directive('client_header_timeout'))).toBeLessThanOrEqual(15);
    expect(seconds(directive('client_body_timeout'))).toBeLessThanOrEqual(15);
    expect(seconds(directive('send_timeout'))).toBeLessThanOrEqual(60);
    expect(seconds(directive('keepalive_timeout'))).toBeLessThanOrEqual(30);
    expect(Number(directive('keepalive_requests'))).toBeGreaterThan(0);
    expect(directive('reset_timedout_connection')).toBe('on');
  });

  it('limits the connections of one client address (the API sees only the proxy’s)', () => {
    const zone = /^limit_conn_zone\s+\$binary_remote_addr\s+zone=(\w+):\w+;/m.exec(conf)?.[1];
    expect(zone).toBeDefined();
    const [, usedZone, count] = /^limit_conn\s+(\w+)\s+(\d+);/m.exec(conf) ?? [];
    expect(usedZone).toBe(zone);
    expect(Number(count)).toBeGreaterThan(0);
    expect(Number(count)).toBeLessThanOrEqual(256);
  });

  it('lets uploads pause as long as the API does (UPLOAD_IDLE_TIMEOUT_SECONDS), nothing else', () => {
    const uploads = defined(
      /location ~ \^\/api\/\(book\/uploads\|resale-certificates\)[^{]*\{([^}]*)\}/.exec(conf)?.[1],
      'the uploads location',
    );
    expect(seconds(directive('client_body_timeout', uploads))).toBe(
      parseEnv({ DATA_DIR: '/tmp/bindery-compose-check' }).http.uploadIdleTimeoutMs / 1000,
    );
    expect(directive('proxy_pass', uploads)).toBe('$api_upstream');
  });
});
