import { describe, expect, it } from 'vitest';
import { DecimalString, ErrorBody, Id } from './common.js';

describe('common contracts', () => {
  it('coerces ids from query-string text and refuses non-positive or fractional ids', () => {
    expect(Id.parse('12')).toBe(12);
    expect(Id.safeParse('0').success).toBe(false);
    expect(Id.safeParse('1.5').success).toBe(false);
    expect(Id.safeParse('abc').success).toBe(false);
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
