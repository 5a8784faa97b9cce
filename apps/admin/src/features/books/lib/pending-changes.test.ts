import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { changeKey, priceProblem, realChanges, samePrice, withEdit, type PendingChanges, type PriceChange } from './pending-changes';

const gloss = (value: string): PriceChange => ({ kind: 'cover_finish', id: 31, field: 'price', value });
const color = (value: string): PriceChange => ({ kind: 'interior_color', id: 12, field: 'price_per_page', value });

describe('pending price changes', () => {
  it('keys by kind, item and field; a later edit replaces the earlier one in its first place', () => {
    let pending: PendingChanges = new Map();
    pending = withEdit(pending, gloss('1'));
    pending = withEdit(pending, color('0.2'));
    pending = withEdit(pending, gloss('1.5'));
    expect([...pending.keys()]).toEqual(['cover_finish:31:price', 'interior_color:12:price_per_page']);
    expect(pending.get(changeKey(gloss('')))?.value).toBe('1.5');
    // The same id under another kind is another item.
    pending = withEdit(pending, { kind: 'binding', id: 31, field: 'price', value: '2' });
    expect(pending.size).toBe(3);
  });

  it('counts only entries that change the saved amount ("2.50" is "2.5"); unknown items and invalid texts count', () => {
    const saved: Record<string, string> = { 'cover_finish:31:price': '2.50', 'interior_color:12:price_per_page': '0.19' };
    const pending = [gloss('2.5'), color('0.1900'), { ...gloss(''), id: 99 }, { ...color('abc'), id: 13 }].reduce<PendingChanges>(
      (p, c) => withEdit(p, c),
      new Map(),
    );
    expect(realChanges(pending, (c) => saved[changeKey(c)]).map((c) => c.id)).toEqual([99, 13]);
    expect(samePrice('0.03', '0.0300')).toBe(true);
    expect(samePrice('0.0325', '0.03250')).toBe(false); // five places: not a price
    expect(samePrice('', '0')).toBe(false);
  });

  it("checks a typed price with the server's rule", () => {
    expect(priceProblem('  ')).toBe(messages.admin.enterPrice);
    expect(priceProblem('-0.01')).toBe('Must not be negative.');
    expect(priceProblem('1.23456')).toBe('Must have at most 4 decimal places.');
    expect(priceProblem('1e3')).toBe('Must be a decimal number.');
    expect(priceProblem('0.0325')).toBeNull();
    expect(priceProblem('0')).toBeNull();
  });
});
