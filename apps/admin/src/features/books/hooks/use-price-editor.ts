/**
 * State of one price editor (§4): the lists, the typed edits keyed by kind, item and field, and the pending
 * changes among them (those that differ from the saved price). Saving sends the changes one at a time and stops
 * at the first failure, which keeps it and the rest pending and puts the server's reason on its row. Each saved
 * change patches the cached list at once (so a partial save shows the new prices without a reload); when all
 * are saved the edits are cleared and the lists reloaded from the server.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPriceUpdateResponse } from '@bindery/contracts/admin/catalog';
import { messages } from '@bindery/contracts/messages';
import type { ProductDefinition } from '@bindery/pricing/products';
import { getPriceListsQueryOptions, usePriceLists, type PriceLists } from '../api/get-price-lists';
import { savePriceChanges } from '../api/update-price';
import { editorSettings, rowLabel } from '../lib/editor-settings';
import {
  changeKey,
  priceProblem,
  realChanges,
  withEdit,
  without,
  type PendingChanges,
  type PriceChange,
} from '../lib/pending-changes';

export interface SaveResult {
  tone: 'success' | 'error';
  text: string;
}

type ItemRef = Pick<PriceChange, 'kind' | 'id' | 'field'>;

const findItem = (lists: PriceLists | undefined, ref: Pick<ItemRef, 'kind' | 'id'>) =>
  lists?.[ref.kind]?.find((i) => i.id === ref.id);

function patchItem(lists: PriceLists | undefined, change: PriceChange, item: AdminPriceUpdateResponse) {
  if (!lists) return lists;
  const list = lists[change.kind]?.map((i) => (i.id === item.id ? { ...i, ...item } : i));
  return { ...lists, [change.kind]: list };
}

export function usePriceEditor(product: ProductDefinition) {
  const queryClient = useQueryClient();
  const { queryKey } = getPriceListsQueryOptions(product);
  const { texts } = editorSettings(product);
  const lists = usePriceLists(product);
  const [edits, setEdits] = useState<PendingChanges>(new Map());
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);
  /** The server's refusal of one change, by change key. */
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map());

  const saved = (ref: ItemRef) => findItem(lists.data, ref)?.[ref.field];
  const pending = realChanges(edits, saved);

  function edit(change: PriceChange) {
    setEdits((e) => withEdit(e, change));
    setRefusals((r) => without(r, changeKey(change)));
    setResult(null);
  }

  /** What a row's input shows: the admin's edit, else the saved price. */
  const valueOf = (ref: ItemRef) => edits.get(changeKey(ref))?.value ?? saved(ref) ?? '';

  /** The message under a row's input: the typed value's problem, else the server's refusal. */
  function errorOf(ref: ItemRef): string | undefined {
    const typed = edits.get(changeKey(ref));
    return (typed ? priceProblem(typed.value) : null) ?? refusals.get(changeKey(ref));
  }

  async function save() {
    if (pending.length === 0 || saving) return;
    if (pending.some((c) => priceProblem(c.value) !== null)) {
      setResult({ tone: 'error', text: messages.admin.fixPricesFirst });
      return;
    }
    setSaving(true);
    setResult(null);
    const outcome = await savePriceChanges(product, pending, (change, item) => {
      setEdits((e) => without(e, changeKey(change)));
      queryClient.setQueryData(queryKey, (data) => patchItem(data, change, item));
    });
    setSaving(false);
    if (outcome.ok) {
      setEdits(new Map());
      setRefusals(new Map());
      setResult({ tone: 'success', text: texts.saved });
      await queryClient.invalidateQueries({ queryKey });
      return;
    }
    const { failed, message } = outcome;
    const item = findItem(queryClient.getQueryData(queryKey), failed);
    setRefusals(new Map([[changeKey(failed), message]]));
    setResult({ tone: 'error', text: `${texts.saveFailed} ${item ? rowLabel(item) : `#${failed.id}`}: ${message}` });
  }

  return { lists, pending, saving, result, edit, valueOf, errorOf, save };
}
