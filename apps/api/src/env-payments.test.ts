/** PAYMENTS_MODE (docs/decisions/0028): which runs get Bindery's own payment test servers, and which stay live. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'env-')) });
const postgres = { DATABASE_URL: 'postgres://db.example.test/bindery', JWT_SECRET: 'x'.repeat(32) };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('payments mode', () => {
  it('is test on the README’s run command: no keys, the embedded database', () => {
    expect(parseEnv(base()).payments).toEqual({ mode: 'test' });
  });

  it('is live as soon as a provider key is set, with exactly the configured methods', () => {
    const payments = parseEnv({ ...base(), ...stripeKeys }).payments;
    expect(payments.mode).toBe('live');
    expect(payments.stripe).toMatchObject({ secretKey: 'sk_test_x' });
    expect(payments.paypal).toBeUndefined();
  });

  it('stays live, and off, on a deployment of its own database without keys', () => {
    expect(parseEnv({ ...base(), ...postgres }).payments).toEqual({ mode: 'live' });
  });

  it('follows an explicit PAYMENTS_MODE', () => {
    expect(parseEnv({ ...base(), ...postgres, PAYMENTS_MODE: 'test' }).payments).toEqual({ mode: 'test' });
    expect(parseEnv({ ...base(), PAYMENTS_MODE: 'live' }).payments).toEqual({ mode: 'live' });
  });

  it('refuses test mode beside real provider keys, naming them', () => {
    expect(() => parseEnv({ ...base(), ...stripeKeys, PAYMENTS_MODE: 'test' })).toThrow(
      /PAYMENTS_MODE: test runs Bindery's own test servers: unset STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ ...base(), PAYMENTS_MODE: 'demo' })).toThrow(/PAYMENTS_MODE/);
  });
});
