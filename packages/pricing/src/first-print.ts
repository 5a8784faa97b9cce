/**
 * The first-print discount (docs/decisions/0033): a customer's first paid order has a percentage taken
 * off its books' subtotal (after bulk discounts), before shipping and tax. The rate is staff's (a settings row the
 * API reads); this module only does the arithmetic and the texts, so the API, the shop and the admin agree.
 *
 * - The rate is in basis points (1000 = 10 %); staff set whole percents from 1 to {@link MAX_FIRST_PRINT_PERCENT}.
 * - The discount is rate × subtotal, rounded once by the package's one rule (half-up), never more than the subtotal.
 * - Tax is then charged on what is actually charged, (subtotal − discount) + shipping: the API passes that sum
 *   to @bindery/pricing/tax.
 */
import { roundDiv } from './money.js';

/** What the shop promises on the home page: 10 % off, on. */
export const DEFAULT_FIRST_PRINT_DISCOUNT: FirstPrintDiscount = { enabled: true, rateBasisPoints: 1000 };

/** The highest percent staff may set: a typo of 100 must not give books away. */
export const MAX_FIRST_PRINT_PERCENT = 50;

export interface FirstPrintDiscount {
  readonly enabled: boolean;
  /** 1000 = 10 %. Kept when switched off, so switching on again restores it. */
  readonly rateBasisPoints: number;
}

/**
 * rate × subtotal in cents, half-up. Split into whole hundreds of dollars and a remainder so the intermediate
 * product stays a safe integer for any subtotal. 0 for a rate of 0 or less; at most the subtotal.
 */
export function firstPrintDiscountCents(subtotalCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`A subtotal must be whole non-negative cents, not ${subtotalCents}`);
  }
  if (!Number.isInteger(rateBasisPoints)) throw new RangeError(`A rate must be whole basis points`);
  if (rateBasisPoints <= 0) return 0;
  if (rateBasisPoints >= 10_000) return subtotalCents;
  const whole = Math.trunc(subtotalCents / 10_000);
  const rest = subtotalCents - whole * 10_000;
  return whole * rateBasisPoints + roundDiv(rest * rateBasisPoints, 10_000);
}

/** The discount a setting gives a subtotal (0 when it is off). */
export function discountUnder(setting: FirstPrintDiscount, subtotalCents: number): number {
  return setting.enabled ? firstPrintDiscountCents(subtotalCents, setting.rateBasisPoints) : 0;
}

/** "10%", "12.5%": a rate as the shop prints it. */
export function firstPrintRateText(rateBasisPoints: number): string {
  const whole = Math.trunc(rateBasisPoints / 100);
  const rest = rateBasisPoints % 100;
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** The home page's promise: "10% off first print". */
export function firstPrintPromo(rateBasisPoints: number): string {
  return `${firstPrintRateText(rateBasisPoints)} off first print`;
}

/** The order line's label: "First-print discount (10%)". */
export function firstPrintLineLabel(rateBasisPoints: number): string {
  return `First-print discount (${firstPrintRateText(rateBasisPoints)})`;
}

/** A staff input (whole percent) → basis points, or a reason it is refused. */
export function firstPrintPercentProblem(percent: number): string | null {
  if (!Number.isInteger(percent) || percent < 1 || percent > MAX_FIRST_PRINT_PERCENT) {
    return `The first-print discount must be a whole percent from 1 to ${MAX_FIRST_PRINT_PERCENT}.`;
  }
  return null;
}
