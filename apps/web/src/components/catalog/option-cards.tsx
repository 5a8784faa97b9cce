/**
 * Image-card radio options (docs/spec/customer-journey.md §2: the design page picks binding, interior color, paper type and
 * cover finish "from image-card radio options"). Each card is a real <input type="radio"> inside its <label>, in
 * a <fieldset> named by its <legend>: arrow keys move within the group and the screen reader announces the group,
 * the option's name, its description and price difference, exactly as for native radios. An option the current
 * trim size and page count rule out stays in view, greyed, and says why ("Needs 24–800 pages").
 */
import { useId } from 'react';
import type { OptionKind } from '@bindery/pricing/products';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { optionLook } from '#lib/catalog/option-looks.ts';
import { optionPriceTexts } from '#lib/catalog/option-prices.ts';
import type { OptionItem } from '#lib/catalog/option-lists.ts';
import { shownItems, type OptionCascade } from '#lib/catalog/use-option-cascade.ts';
import './option-cards.css';

export interface OptionCardData {
  value: string;
  name: string;
  description: string;
  /** URL of the card's picture. */
  art: string;
  /** The price difference against the current choice ("+$1.20 per copy"); absent on the chosen card. */
  price?: string;
  /** Why it cannot be chosen; a card with a reason is disabled. */
  disabledReason?: string;
}

export interface OptionCardGroupProps {
  legend: string;
  name: string;
  cards: readonly OptionCardData[];
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Said once for the whole group (e.g. what it waits for). */
  hint?: string;
}

export function OptionCardGroup({
  legend,
  name,
  cards,
  value,
  onChange,
  required,
  hint,
}: OptionCardGroupProps) {
  const hintId = useId();
  return (
    <fieldset className="o-group" aria-describedby={hint ? hintId : undefined}>
      <legend>
        {legend}
        {required ? null : <span className="o-group__optional"> (optional)</span>}
      </legend>
      {hint ? (
        <p id={hintId} className="o-group__hint">
          {hint}
        </p>
      ) : null}
      <div className="o-cards">
        {cards.map((card) => (
          <OptionCard
            key={card.value}
            card={card}
            name={name}
            checked={card.value === value}
            required={required}
            onChange={onChange}
          />
        ))}
      </div>
    </fieldset>
  );
}

function OptionCard({
  card,
  name,
  checked,
  required,
  onChange,
}: {
  card: OptionCardData;
  name: string;
  checked: boolean;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const nameId = useId();
  const detailsId = useId();
  const disabled = card.disabledReason !== undefined;
  return (
    <label className="b-radio-card o-card" data-disabled={disabled || undefined}>
      <input
        type="radio"
        name={name}
        value={card.value}
        checked={checked}
        disabled={disabled}
        required={required}
        onChange={() => onChange(card.value)}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
      />
      <img className="o-card__art" src={card.art} alt="" width={120} height={80} />
      <span id={nameId} className="o-card__name">
        {card.name}
      </span>
      <span id={detailsId} className="o-card__details">
        {card.description ? <span className="o-card__text">{card.description}</span> : null}
        {disabled ? (
          <span className="o-card__reason">{card.disabledReason}</span>
        ) : card.price ? (
          <span className="o-card__price">{card.price}</span>
        ) : checked ? (
          <span className="o-card__price o-card__price--chosen">Selected</span>
        ) : null}
      </span>
    </label>
  );
}

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
      name: item.name,
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
