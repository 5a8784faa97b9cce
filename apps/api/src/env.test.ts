import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('defaults to the embedded database, loopback ports and derived URLs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-'));
    const config = parseEnv({ DATA_DIR: dir });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      webUrl: 'http://127.0.0.1:5173',
      adminUrl: 'http://127.0.0.1:5174',
      database: { mode: 'embedded' },
    });
    expect(config.corsOrigins).toEqual(['http://127.0.0.1:5173', 'http://127.0.0.1:5174']);
    // The generated token secret is kept in DATA_DIR so sessions survive a restart.
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
  });
  it('follows the port overrides', () => {
    const config = parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'env-')), API_PORT: '4000', WEB_PORT: '4001', ADMIN_PORT: '4002' });
    expect([config.port, config.webUrl, config.adminUrl, config.apiUrl]).toEqual([
      4000,
      'http://127.0.0.1:4001',
      'http://127.0.0.1:4002',
      'http://127.0.0.1:4000',
    ]);
  });
  it('lists every bad field at once, readably', () => {
    let message = '';
    try {
      parseEnv({ API_PORT: 'abc', ADMIN_EMAIL: 'not-an-email' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('API_PORT');
    expect(message).toContain('ADMIN_EMAIL');
  });
  it('requires a token secret with an external database', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://x' })).toThrow('JWT_SECRET: is required when DATABASE_URL is set');
    expect(() => parseEnv({ DATABASE_URL: 'postgres://x', JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });
  it('trusts exactly the proxy hops it is told, and refuses to trust every X-Forwarded-For', () => {
    const trust = (value?: string) => parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'env-')), TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, 172.16.0.0/12,fd00::/8 ,127.0.0.1,loopback')).toEqual([
      '10.0.0.0/8',
      '172.16.0.0/12',
      'fd00::/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: true would trust any X-Forwarded-For/);
    expect(() => trust('nginx')).toThrow(/TRUST_PROXY: must be false, a hop count, or proxy addresses\/CIDRs \(not: nginx\)/);
    expect(() => trust('10.0.0.0/33')).toThrow(/not: 10.0.0.0\/33/);
  });
  it('bounds database waits with a connect and a statement timeout', () => {
    const base = { DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(32) };
    expect(parseEnv(base).database).toEqual({
      mode: 'postgres',
      url: 'postgres://db/x',
      poolMax: 10,
      connectTimeoutMs: 3_000,
      statementTimeoutMs: 10_000,
    });
    const tuned = parseEnv({ ...base, DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_STATEMENT_TIMEOUT_MS: '30000' });
    expect(tuned.database).toMatchObject({ connectTimeoutMs: 500, statementTimeoutMs: 30_000 });
  });
});
