/**
 * Pending price changes of an editor (§4 "Price editor pending changes"): one per kind, item and field, in the
 * order they were first made; a later edit of the same item and field replaces the earlier one. An entry holds
 * what the admin typed (the input shows it); only entries that differ from the saved price count and are sent,
 * so an edit back to the saved price is no change (docs/decisions/0017).
 */
import { messages } from '@bindery/contracts/messages';
import { parseListPrice } from '@bindery/pricing/money';
import type { OptionKind, PriceField } from '@bindery/pricing/products';

export interface PriceChange {
  readonly kind: OptionKind;
  readonly id: number;
  readonly field: PriceField;
  /** As typed; sent as text, the server parses it (§5). */
  readonly value: string;
}

export type PendingChanges = ReadonlyMap<string, PriceChange>;

export const changeKey = (c: Pick<PriceChange, 'kind' | 'id' | 'field'>) => `${c.kind}:${c.id}:${c.field}`;

/** Do two price texts name the same amount ("2.5" and "2.50")? */
export function samePrice(a: string, b: string): boolean {
  const x = parseListPrice(a);
  const y = parseListPrice(b);
  return x.ok && y.ok && x.value === y.value;
}

/** The pending list after an edit: the edit replaces any earlier one of the same item and field. */
export function withEdit(pending: PendingChanges, change: PriceChange): PendingChanges {
  return new Map(pending).set(changeKey(change), change);
}

/** The entries that would change a price, in order; `saved` gives an item's current price on the server. */
export function realChanges(
  pending: PendingChanges,
  saved: (change: PriceChange) => string | undefined,
): PriceChange[] {
  return [...pending.values()].filter((c) => {
    const current = saved(c);
    return current === undefined || !samePrice(c.value, current);
  });
}

export function without<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/**
 * Why a typed price cannot be saved, or null. The same rule as the server's (a non-negative decimal with at most
 * four places, @bindery/pricing/money parseListPrice), so the admin hears it before anything is sent.
 */
export function priceProblem(value: string): string | null {
  if (value.trim() === '') return messages.admin.enterPrice;
  const parsed = parseListPrice(value);
  return parsed.ok ? null : `${parsed.message}.`;
}
