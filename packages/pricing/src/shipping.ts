/**
 * What the customer pays for shipping, from what the carrier charges. The spec doubles every carrier charge
 * before display (docs/spec/customer-journey.md §9): a 100% markup, applied here in cents and nowhere else.
 */
import { percentOf } from './discounts.js';

/** Markup on carrier charges, in whole percent (100 = the spec's doubling). */
export const SHIPPING_MARKUP_PERCENT = 100;

/** carrier charge + markup, in cents, by the one rounding rule. shippingChargeCents(1250) === 2500. */
export function shippingChargeCents(
  carrierChargeCents: number,
  markupPercent: number = SHIPPING_MARKUP_PERCENT,
): number {
  if (!Number.isSafeInteger(carrierChargeCents) || carrierChargeCents < 0) {
    throw new RangeError(
      `A carrier charge must be a non-negative whole number of cents, got ${carrierChargeCents}`,
    );
  }
  if (!Number.isInteger(markupPercent) || markupPercent < 0) {
    throw new RangeError(`A markup must be a non-negative whole percent, got ${markupPercent}`);
  }
  return carrierChargeCents + percentOf(carrierChargeCents, markupPercent);
}
