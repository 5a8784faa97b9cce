/**
 * Receipts name the merchant (docs/decisions/0058): GET /api/config answers MERCHANT_NAME and MERCHANT_ADDRESS, with
 * defaults for the default run; a blank value is refused at start (the receipt would name no one).
 */
import { describe, expect, it } from 'vitest';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { parseEnv, TEST_MERCHANT_TAX_ID } from '#env.js';
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
      // The invoice's seller (docs/decisions/0075): the legal name defaults to the name, the tax id to a
      // placeholder in test payment mode only.
      legalName: 'Bindery',
      taxId: TEST_MERCHANT_TAX_ID,
    });
    expect(() => parseEnv({ DATA_DIR: '/tmp/bindery-merchant-check', MERCHANT_NAME: '  ' })).toThrow();
  });

  it('takes the invoice’s legal name and tax id from MERCHANT_LEGAL_NAME and MERCHANT_TAX_ID', () => {
    const live = { DATA_DIR: '/tmp/bindery-merchant-check', PAYMENTS_MODE: 'live' };
    expect(parseEnv(live).merchant).toMatchObject({ legalName: 'Bindery', taxId: null });
    expect(
      parseEnv({ ...live, MERCHANT_LEGAL_NAME: 'Bindery Books LLC', MERCHANT_TAX_ID: 'US-74-1234567' }).merchant,
    ).toMatchObject({ legalName: 'Bindery Books LLC', taxId: 'US-74-1234567' });
  });
});
