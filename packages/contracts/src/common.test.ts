import { describe, expect, it } from 'vitest';
import { DecimalString, ErrorBody, Id, IdParam } from './common.js';

describe('common contracts', () => {
  it('takes ids in JSON bodies as whole numbers only: "12" and [12] are refused', () => {
    expect(Id.parse(12)).toBe(12);
    for (const bad of ['12', [12], 0, 1.5, -3, true, null, 2_147_483_648]) {
      expect(Id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('reads ids from paths and query strings as digits only', () => {
    expect(IdParam.parse('12')).toBe(12);
    for (const bad of ['0', '1.5', 'abc', '', ' 12', '1e1', '0x0c', '12abc', '99999999999', 12]) {
      expect(IdParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('accepts decimal strings only', () => {
    expect(DecimalString.parse('20.04')).toBe('20.04');
    expect(DecimalString.safeParse('1e3').success).toBe(false);
    expect(DecimalString.safeParse('12.').success).toBe(false);
  });
  it('describes the one error body', () => {
    expect(ErrorBody.safeParse({ error: 'x', code: 'BAD_REQUEST', statusCode: 400 }).success).toBe(true);
    expect(ErrorBody.safeParse({ message: 'x' }).success).toBe(false);
  });
});
