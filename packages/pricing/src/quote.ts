/**
 * The one price formula, for every category:
 *
 *   unit price = Σ chosen per-book prices + page count × Σ chosen per-page prices   (in price units, exact)
 *
 * rounded once to cents; then the bulk discount of the quantity's tier applies to the line total:
 *
 *   original total = unit price (cents) × quantity
 *   discount       = percent × original total / 100          (cents, the one rounding rule)
 *   total          = original total − discount
 *   cost per book  = unit price × (100 − percent) / 100      (cents, the one rounding rule)
 *
 * The cost per book is the tier table's figure, so the result box and the table the customer reads always agree
 * and never rise with quantity. Because the discount is taken on the whole line (the spec: "percent times the
 * total cost"), cost per book × quantity may differ from the total by up to half a cent per copy; the total is
 * what is charged.
 *
 * Calendars have no page count: their callers pass 1 and only per-book prices. quote() is on the API's hot path and
 * runs in the browser for instant display, so it is plain integer arithmetic: no BigInt, no strings.
 */
import {
  discountedUnitCents,
  discountPercentFor,
  percentOf,
  tierTable,
  type TierPrice,
} from './discounts.js';
import { unitsToCents } from './money.js';

/** Largest quantity one quote covers; bigger runs are quoted by hand. Keeps every total a safe integer. */
export const MAX_QUANTITY = 100_000;
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;

/** One chosen item's price: per book or per page, in price units (10^-4). */
export interface QuoteLine {
  readonly priceUnits: number;
  readonly perPage: boolean;
}

export interface QuoteInput {
  readonly lines: readonly QuoteLine[];
  /** Pages charged (already rounded up to what is printed); 1 for calendars. */
  readonly pageCount: number;
  readonly quantity: number;
}

export interface QuoteDiscount {
  readonly percent: number;
  readonly originalTotalCents: number;
  readonly amountCents: number;
}

export interface Quote {
  /** Exact unit price before rounding to cents, in price units. */
  readonly unitPriceUnits: number;
  /** Unit price before any discount, in cents. */
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly pageCount: number;
  /** Per book after the discount, in cents (total / quantity). */
  readonly costPerBookCents: number;
  /** What the customer pays for the books, in cents. */
  readonly totalCents: number;
  /** Present only when the quantity earns a bulk discount. */
  readonly discount: QuoteDiscount | null;
  /** The per-book price of this configuration at every tier, for the calculators' table. */
  readonly tiers: readonly TierPrice[];
}

/** Is this quantity quotable? Returns the message for a 400 if not. */
export function quantityProblem(quantity: number): string | null {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY ? null : QUANTITY_MESSAGE;
}

/** Σ per-book + pageCount × Σ per-page, exact, in price units. */
export function unitPriceUnits(lines: readonly QuoteLine[], pageCount: number): number {
  let perBook = 0;
  let perPage = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as QuoteLine;
    const price = line.priceUnits;
    if (!(price >= 0) || !Number.isSafeInteger(price)) {
      throw new RangeError(`A price must be a non-negative whole number of price units, got ${price}`);
    }
    if (line.perPage) perPage += price;
    else perBook += price;
  }
  return perBook + pageCount * perPage;
}

/** Prices a configuration. Throws RangeError on input the API should have refused (see quantityProblem). */
export function quote(input: QuoteInput): Quote {
  const { pageCount, quantity } = input;
  if (quantityProblem(quantity) !== null) throw new RangeError(`${QUANTITY_MESSAGE} Got ${quantity}.`);
  if (!Number.isInteger(pageCount) || pageCount < 1)
    throw new RangeError(`Page count must be a positive whole number, got ${pageCount}`);

  const units = unitPriceUnits(input.lines, pageCount);
  const unitCents = unitsToCents(units);
  const originalTotal = unitCents * quantity;
  if (!Number.isSafeInteger(originalTotal))
    throw new RangeError('The quote exceeds the amounts this service can price');

  const percent = discountPercentFor(quantity);
  const discountCents = percent === 0 ? 0 : percentOf(originalTotal, percent);
  return {
    unitPriceUnits: units,
    unitPriceCents: unitCents,
    quantity,
    pageCount,
    costPerBookCents: discountedUnitCents(unitCents, percent),
    totalCents: originalTotal - discountCents,
    discount:
      percent === 0 ? null : { percent, originalTotalCents: originalTotal, amountCents: discountCents },
    tiers: tierTable(unitCents),
  };
}

/** A priced line as people read it: every figure shown is one of these, so they add up to the cent. */
export interface LineBreakdown {
  readonly quantity: number;
  /** List price of one copy before any discount, in cents. */
  readonly unitPriceCents: number;
  /** quantity × unit price. */
  readonly originalTotalCents: number;
  /** The bulk discount taken on the whole line (percent × original total, rounded once). */
  readonly discountCents: number;
  /** original − discount: what is charged. */
  readonly totalCents: number;
}

/**
 * The figures a line of an order or a quote shows, from what the server stores for it (its total and its
 * discount): quantity × list price = original total, original total − discount = total, exactly. A discounted
 * per-book price is deliberately not one of them: the discount is taken on the whole line (percent of the
 * original total), so "499 × $20.04" would not be the line's total of $9,997.71; the list price is.
 * Throws when the figures cannot come from one quote (the original total is not a whole number of copies).
 */
export function lineBreakdown(quantity: number, totalCents: number, discountCents: number): LineBreakdown {
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`A quantity must be a positive whole number, got ${quantity}`);
  const originalTotalCents = totalCents + discountCents;
  const unitPriceCents = originalTotalCents / quantity;
  if (!Number.isSafeInteger(unitPriceCents) || discountCents < 0 || totalCents < 0) {
    throw new RangeError(
      `A line of ${quantity} totalling ${totalCents} with ${discountCents} off is not a quote`,
    );
  }
  return { quantity, unitPriceCents, originalTotalCents, discountCents, totalCents };
}

/**
 * What one copy's list price moves by when an option replaces the one chosen today (the design page's option
 * cards): the unit price with `candidate` instead of `current`, both rounded to cents once as quote() rounds,
 * so the figure is exactly what Calculate would then show per copy. `others` are the other chosen items' lines;
 * `current` is null when nothing of that kind is chosen yet (the figure is then the candidate's own share).
 * A binding changes the pages printed (saddle stitch prints in fours): `candidatePageCount` is then the
 * candidate's printed count, `pageCount` today's.
 */
export function optionPriceDifferenceCents(args: {
  readonly others: readonly QuoteLine[];
  readonly current: QuoteLine | null;
  readonly candidate: QuoteLine;
  readonly pageCount: number;
  readonly candidatePageCount?: number;
}): number {
  const { others, current, candidate, pageCount, candidatePageCount = pageCount } = args;
  const before = unitsToCents(unitPriceUnits(current ? [...others, current] : others, pageCount));
  const after = unitsToCents(unitPriceUnits([...others, candidate], candidatePageCount));
  return after - before;
}
