/**
 * `pnpm start` (turbo run start, which depends on build) must not rebuild when only runtime settings change:
 * ports, data directory, keys and URLs are read by the servers at start, so they are passed through by turbo.json,
 * never part of a build's cache key; build-time inputs (VITE_*) are (docs/decisions/0029).
 */
import { describe, expect, it } from 'vitest';
import { taskHashes, turbo } from './turbo.js';

/** Every runtime setting of the README's table, with values unlike any default. */
const otherRuntime: Record<string, string> = {
  API_HOST: '127.0.0.2',
  API_PORT: '3791',
  WEB_PORT: '3792',
  ADMIN_PORT: '3793',
  PUBLIC_WEB_URL: 'https://shop.example.test',
  PUBLIC_ADMIN_URL: 'https://admin.example.test',
  PUBLIC_API_URL: 'https://api.example.test',
  CORS_ORIGINS: 'https://other.example.test',
  DATABASE_URL: 'postgres://user:pass@127.0.0.1:1/other',
  DATABASE_POOL_MAX: '3',
  DATA_DIR: '/tmp/bindery-other-data',
  JWT_SECRET: 'another-secret-another-secret-another-secret',
  ACCESS_TOKEN_TTL_MINUTES: '5',
  REFRESH_TOKEN_TTL_DAYS: '2',
  ADMIN_EMAIL: 'other@example.test',
  ADMIN_PASSWORD: 'Other-pass1!',
  COVER_EXPERT_EMAIL: 'covers@example.test',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM: 'Other <other@example.test>',
  LOG_LEVEL: 'debug',
  TRUST_PROXY: 'true',
  PAYMENTS_MODE: 'live',
  STRIPE_SECRET_KEY: 'sk_test_other',
  STRIPE_WEBHOOK_SECRET: 'whsec_other',
  STRIPE_API_BASE: 'http://127.0.0.1:2',
  PAYPAL_CLIENT_ID: 'other-client',
  PAYPAL_CLIENT_SECRET: 'other-secret',
  PAYPAL_API_BASE: 'http://127.0.0.1:3',
};

describe('the build cache of `pnpm start`', () => {
  it('keeps every build hash when runtime settings change', async () => {
    const before = await taskHashes('start', {});
    const after = await taskHashes('start', otherRuntime);
    const builds = Object.keys(before).filter((id) => id.endsWith('#build'));
    expect(builds).toEqual(
      expect.arrayContaining(['@bindery/api#build', '@bindery/web#build', '@bindery/admin#build']),
    );
    expect(after).toEqual(before);
  });

  it('rebuilds the SPAs, and only them, for a build-time setting (VITE_API_URL)', async () => {
    const before = await taskHashes('build', {});
    const after = await taskHashes('build', { VITE_API_URL: 'https://api.example.test' });
    const changed = Object.keys(before).filter((id) => before[id] !== after[id]);
    expect(changed.sort()).toEqual(['@bindery/admin#build', '@bindery/web#build']);
  });

  // Turbo twice for real, with a cache: the first run builds (or finds its builds cached), the second, with other
  // ports and keys, must replay every build from the cache instead of running tsc and vite again.
  it('replays every build from the cache on a second run with other runtime settings', async () => {
    await turbo(['run', 'build', '--output-logs=none']);
    const second = await turbo(['run', 'build', '--output-logs=hash-only'], otherRuntime);
    const output = second.stdout + second.stderr;
    const [, cached, total] = /Cached:\s+(\d+) cached, (\d+) total/.exec(output) ?? [];
    expect(output).not.toContain('cache miss');
    expect(Number(total)).toBeGreaterThan(0);
    expect(cached).toBe(total);
  }, 300_000);
});
