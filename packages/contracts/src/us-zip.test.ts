import { describe, expect, it } from 'vitest';
import { DeliveryAddress, ShippingRateBody } from './store/checkout.js';
import { US_ZIP_PREFIXES, usZipProblem } from './us-zip.js';

describe('US ZIP codes', () => {
  it('are 5 digits or ZIP+4', () => {
    expect(usZipProblem('TX', '78701')).toBeNull();
    expect(usZipProblem('TX', ' 78701-1234 ')).toBeNull();
    for (const zip of ['ABCDE', '7870', '787011', '78701-12', '78701 1234', '78701-ABCD', ''])
      expect(usZipProblem('TX', zip), zip).toBe('format');
  });

  it('belong to their state by the three-digit prefix', () => {
    const cases: [string, string][] = [
      ['NY', '10001'],
      ['NY', '00501'],
      ['MA', '02108'],
      ['NJ', '07102'],
      ['PR', '00901'],
      ['VI', '00802'],
      ['TX', '88510'],
      ['TX', '73301'],
      ['CA', '90210'],
      ['AK', '99501'],
      ['DC', '20500'],
      ['VA', '20166'],
      ['AE', '09001'],
      ['AP', '96201'],
      ['GU', '96910'],
      ['AS', '96799'],
    ];
    for (const [state, zip] of cases) expect(usZipProblem(state, zip), `${state} ${zip}`).toBeNull();
    expect(usZipProblem('TX', '10001')).toBe('state');
    expect(usZipProblem('OK', '73301')).toBe('state');
    expect(usZipProblem('IL', '63101')).toBe('state');
    expect(usZipProblem('CA', '00000')).toBe('state');
  });

  it('cover every state and territory a US address may carry, with no prefix given to two states by mistake', () => {
    expect(Object.keys(US_ZIP_PREFIXES)).toHaveLength(59);
    const owners = new Map<number, string[]>();
    for (const [state, ranges] of Object.entries(US_ZIP_PREFIXES))
      for (const [from, to] of ranges)
        for (let p = from; p <= to; p += 1) owners.set(p, [...(owners.get(p) ?? []), state]);
    const shared = [...owners]
      .filter(([, states]) => states.length > 1)
      .map(([p, states]) => `${p}:${states.join('/')}`);
    // The USPS's own shared prefixes: Fishers Island NY in 063, American Samoa in 967, Guam and the Marianas in 969.
    expect(shared.sort()).toEqual(['63:CT/NY', '967:HI/AS', '969:GU/MP']);
  });

  it('are checked by the rate body and the delivery address for US destinations only', () => {
    const place = { country: 'us', state: 'tx', city: 'Austin' };
    expect(ShippingRateBody.safeParse({ ...place, postal_code: 'ABCDE' }).success).toBe(false);
    expect(ShippingRateBody.safeParse({ ...place, postal_code: '78701' }).success).toBe(true);
    expect(
      ShippingRateBody.safeParse({ ...place, country: 'CA', state: 'ON', postal_code: 'M5H 2N2' }).success,
    ).toBe(true);
    const refused = DeliveryAddress.safeParse({
      ...place,
      postal_code: '10001',
      first_name: 'A',
      last_name: 'B',
      address: '1 Main St',
      phone_number: '+1 512 555 0100',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['postal_code']);
  });
});
