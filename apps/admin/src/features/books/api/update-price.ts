/**
 * PUT api/{slug}/{segment}/{id}/update/ with {price} or {price_per_page} as typed (admin bearer), and the
 * editor's save: the pending changes one at a time, in order; the first failure stops the rest (§7).
 */
import {
  adminPriceUpdateRoute,
  type AdminPriceUpdateBody,
  type AdminPriceUpdateResponse,
} from '@bindery/contracts/admin/catalog';
import { messages } from '@bindery/contracts/messages';
import { clientText } from '#lib/error-text.ts';
import { kindDefinition, type ProductDefinition } from '@bindery/pricing/products';
import { api } from '#lib/api-client.ts';
import type { PriceChange } from '../lib/pending-changes';

export function updatePrice(product: ProductDefinition, change: PriceChange) {
  const kind = kindDefinition(product, change.kind);
  if (!kind) throw new Error(`${product.name} has no update path for ${change.kind}`);
  const body: AdminPriceUpdateBody = { [change.field]: change.value.trim() };
  return api.call(adminPriceUpdateRoute(product, kind), { params: { id: change.id }, body });
}

export type SaveOutcome =
  { readonly ok: true } | { readonly ok: false; readonly failed: PriceChange; readonly message: string };

/**
 * Sends `changes` one after the other; `onSaved` hears each success (with the server's item) before the next
 * is sent. Stops at the first failure and names it with the server's message (its 400 text says what is wrong).
 */
export async function savePriceChanges(
  product: ProductDefinition,
  changes: readonly PriceChange[],
  onSaved: (change: PriceChange, item: AdminPriceUpdateResponse) => void,
): Promise<SaveOutcome> {
  for (const change of changes) {
    try {
      onSaved(change, await updatePrice(product, change));
    } catch (error) {
      const message = clientText(error, messages.generic.networkError);
      return { ok: false, failed: change, message };
    }
  }
  return { ok: true };
}
