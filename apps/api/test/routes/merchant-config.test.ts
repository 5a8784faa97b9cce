/**
 * Receipts name the merchant (docs/decisions/0058): GET /api/config answers MERCHANT_NAME and MERCHANT_ADDRESS, with
 * defaults for the default run; a blank value is refused at start (the receipt would name no one).
 */
import { describe, expect, it } from 'vitest';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { parseEnv } from '#env.js';
import { json, request, setupTestApp } from '../helper.js';

describe('the merchant on receipts', () => {
  const configured = setupTestApp({
    env: { MERCHANT_NAME: 'Acme Print LLC', MERCHANT_ADDRESS: '1 Market St, San Francisco, CA 94105, US' },
  });

  it('answers the configured merchant in the public config', async () => {
    const res = await request(configured, { method: 'GET', url: '/api/config' });
    expect(json(res, PublicConfigResponse).merchant).toEqual({
      name: 'Acme Print LLC',
      address: '1 Market St, San Francisco, CA 94105, US',
    });
  });

  it('has defaults for the default run and refuses a blank one', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/bindery-merchant-check' }).merchant).toEqual({
      name: 'Bindery',
      address: '100 Congress Ave, Austin, TX 78701, United States',
    });
    expect(() => parseEnv({ DATA_DIR: '/tmp/bindery-merchant-check', MERCHANT_NAME: '  ' })).toThrow();
  });
});
