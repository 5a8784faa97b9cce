/**
 * One option kind of the catalog cascade (binding, interior color, paper, cover finish) as image cards
 * (option-cards.tsx): each item once, its price difference against the current choice, and why the trim size and
 * page count rule it out, or what it waits for.
 */
import { optionLabel } from '#lib/catalog/option-lists.ts';
import type { OptionKind } from '@bindery/pricing/products';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { optionLook } from '#lib/catalog/option-looks.ts';
import { optionPriceTexts } from '#lib/catalog/option-prices.ts';
import type { OptionItem } from '#lib/catalog/option-lists.ts';
import { shownItems, type OptionCascade } from '#lib/catalog/use-option-cascade.ts';
import { OptionCardGroup, type OptionCardData } from './option-cards';

/** Items listed once per name: before a trim size is chosen, a print book lists each binding once per trim. */
function distinctByName(items: OptionItem[]): OptionItem[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.name) ? false : (seen.add(i.name), true)));
}

/** Why the trim size and page count rule an item out: a binding's page range, else a general reason. */
function unavailableReason(item: OptionItem): string {
  const { min_pages: min, max_pages: max } = item;
  if (typeof min === 'number' && typeof max === 'number') return `Needs ${min}–${max} pages`;
  return item.unavailable_reason ?? 'Not available for this trim size and page count';
}

export interface OptionCardsProps {
  cascade: OptionCascade;
  kind: OptionKind;
  required: boolean;
  /** The PDF's page count (null before it is known), for the price differences. */
  pageCount: number | null;
  /** What the binding waits for before it can be chosen. */
  gatedHint: string;
}

/** One option kind of the catalog cascade as a group of image cards. */
export function OptionCards({ cascade, kind, required, pageCount, gatedHint }: OptionCardsProps) {
  const lists = cascade.options.data ?? {};
  const gated = kind === 'binding' && cascade.waitingForShape;
  const loading = kind === 'binding' && cascade.availability.isFetching && !cascade.allowed;
  const items = distinctByName(shownItems(lists[kind] ?? [], cascade.trimSizeId));
  const allowedIds = cascade.allowed?.[kind] ?? null;
  const prices =
    cascade.product && !gated
      ? optionPriceTexts({
          product: cascade.product,
          lists,
          choices: cascade.choices,
          kind,
          items,
          pageCount,
        })
      : new Map<number, string>();
  const cards = items.map((item): OptionCardData => {
    const look = optionLook(kind, item);
    const reason = gated
      ? 'Choose a trim size and upload your PDF first'
      : loading
        ? 'Checking what fits your book…'
        : allowedIds && !allowedIds.has(item.id)
          ? unavailableReason(item)
          : undefined;
    return {
      value: String(item.id),
      name: optionLabel(item),
      description: look.description,
      art: look.art,
      price: prices.get(item.id),
      disabledReason: reason,
    };
  });
  return (
    <OptionCardGroup
      legend={KIND_LABELS[kind]}
      name={kind}
      cards={cards}
      value={cascade.choices[kind] ?? ''}
      onChange={(value) => cascade.choose(kind, value)}
      required={required}
      hint={gated ? gatedHint : undefined}
    />
  );
}
