/**
 * GET api/admin/shipping/ (admin): the rate table checkout quotes from, with examples that agree with what the
 * shop charges for the same parcel (POST api/shipping-rate/ is the customer's side of the same numbers).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ShippingTableResponse } from '@bindery/contracts/admin/shipping';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { CARRIER_SERVICES } from '@bindery/pricing/carrier-rates';
import { shippingTable } from '#plugins/app/checkout/shipping-table.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser(t, { is_admin: true });
  customer = await createUser(t);
});

describe('GET api/admin/shipping/', () => {
  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    expect((await request(t, { method: 'GET', url: '/api/admin/shipping/' })).statusCode).toBe(401);
    const res = await request(t, { method: 'GET', url: '/api/admin/shipping/', headers: customer.auth });
    expect(res.statusCode).toBe(403);
    expect(json(res, ErrorBody).error).toBe(messages.generic.forbidden);
  });

  it('shows every service of the table in force with its zones, the markup and the parcel rules', async () => {
    const res = await request(t, { method: 'GET', url: '/api/admin/shipping/', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const table = ShippingTableResponse.parse(res.data);
    expect(table.source).toBe('table');
    expect(table.markup_percent).toBe(100);
    expect(table.services.map((s) => s.code)).toEqual(CARRIER_SERVICES.map((s) => s.code));
    expect(table.services.find((s) => s.code === 'FEDEX_GROUND')).toEqual({
      code: 'FEDEX_GROUND',
      name: 'FedEx Ground',
      courier: 'FedEx',
      rates: [
        { zone: 'domestic', delivery_time: '3-5 days', carrier_base: '7.50', carrier_per_half_kg: '0.85' },
      ],
    });
    expect(table.services.find((s) => s.code === 'DHL_EXPRESS_WORLDWIDE')?.rates.map((r) => r.zone)).toEqual([
      'north_america',
      'rest_of_world',
    ]);
    expect(table.zones.map((z) => [z.id, z.countries])).toEqual([
      ['domestic', ['US']],
      ['north_america', ['CA', 'MX']],
      ['rest_of_world', []],
    ]);
    expect(table.unserved_countries).toContain('KP');
    expect(table.parcel).toEqual({
      box_content_max_grams: 18_000,
      packaging_grams_per_box: 250,
      weight_step_grams: 500,
    });
  });

  it('prices its examples with the functions checkout charges with (per started 0.5 kg, then the markup)', async () => {
    const res = await request(t, { method: 'GET', url: '/api/admin/shipping/', headers: admin.auth });
    const table = ShippingTableResponse.parse(res.data);
    const oneKg = table.examples.find((e) => e.weight_grams === 1000);
    // 7.50 + 2 started half kilos × 0.85 = 9.20, doubled by the 100 % markup.
    expect(oneKg?.charges.find((c) => c.service_code === 'FEDEX_GROUND')).toEqual({
      service_code: 'FEDEX_GROUND',
      zone: 'domestic',
      carrier_charge: '9.20',
      customer_charge: '18.40',
    });
    // 500 g is one step: 7.50 + 0.85.
    const { charges } = defined(
      shippingTable(CARRIER_SERVICES).examples.find((e) => e.weight_grams === 500),
      'the 500 g example',
    );
    expect(charges.find((c) => c.service_code === 'FEDEX_GROUND')?.carrier_charge).toBe('8.35');
    // Every service in every zone it reaches, at every example weight.
    const pairs = CARRIER_SERVICES.reduce((n, s) => n + Object.keys(s.zones).length, 0);
    for (const example of table.examples) expect(example.charges).toHaveLength(pairs);
  });

  it('says a live carrier API prices shipments when there is no table to show', () => {
    const live = shippingTable(undefined);
    expect(live.source).toBe('live');
    expect(live.services).toEqual([]);
    expect(live.examples).toEqual([]);
  });
});
