/**
 * Exact money. Two integer scales, never binary floating point:
 *
 * - **price units**: list prices (what the admin enters) in ten-thousandths of a dollar, because per-page prices
 *   have up to four decimals (0.0325 → 325).
 * - **cents**: every amount a customer is charged (unit price, totals, discounts, shipping).
 *
 * There is ONE rounding rule, {@link roundDiv} (half-up, i.e. half away from zero), and every conversion from a
 * finer scale to a coarser one goes through it. Parsing and formatting work on the decimal digits as text, so
 * "0.0325" is exactly 325 units and 2004 cents is exactly "20.04".
 */

/** Decimal places of a list price (price units are 10^-4 dollars). */
export const PRICE_PLACES = 4;
/** Decimal places of a charged amount. */
export const CENT_PLACES = 2;
/** Price units in one cent (10^(4-2)). */
export const UNITS_PER_CENT = 100;

/**
 * Largest list price an admin may set: 99,999.9999 (fits PostgreSQL numeric(9,4)). With at most 800 pages and
 * {@link MAX_QUANTITY} copies, every total stays far below Number.MAX_SAFE_INTEGER cents, so integer arithmetic
 * in doubles is exact everywhere in this package.
 */
export const MAX_LIST_PRICE_UNITS = 999_999_999;

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000] as const;

function pow10(places: number): number {
  const p = POW10[places];
  if (p === undefined) throw new RangeError(`Unsupported number of decimal places: ${places}`);
  return p;
}

/**
 * The one rounding rule: numerator / denominator rounded to the nearest integer, halves away from zero
 * ("half-up" for the non-negative amounts money deals in). Both arguments must be safe integers, denominator > 0.
 *
 * Works on integers only: the float quotient is just a first guess that is corrected with exact integer
 * remainders, so no binary fraction can leak into the result.
 */
export function roundDiv(numerator: number, denominator: number): number {
  // 0 - x rather than -x, so a result of zero is never -0.
  if (numerator < 0) return 0 - roundDiv(-numerator, denominator);
  let q = Math.trunc(numerator / denominator);
  let r = numerator - q * denominator;
  // The float guess can be one off for very large numerators; fix it with exact integer arithmetic.
  if (r < 0) {
    q -= 1;
    r += denominator;
  } else if (r >= denominator) {
    q += 1;
    r -= denominator;
  }
  return 2 * r >= denominator ? q + 1 : q;
}

/** A list price in price units → cents, by the one rounding rule. */
export function unitsToCents(units: number): number {
  return roundDiv(units, UNITS_PER_CENT);
}

/** Cents → price units (exact). */
export function centsToUnits(cents: number): number {
  return cents * UNITS_PER_CENT;
}

/** Why a text is not an acceptable decimal. */
export type DecimalProblem = 'format' | 'places' | 'range';

export type DecimalParseResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly problem: DecimalProblem; readonly message: string };

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a plain decimal ("12", "0.0325", "-3.5") into an integer count of 10^-places. Never throws.
 * Refuses exponents, blanks, "12." and ".5", more than `places` decimals, and magnitudes beyond safe integers.
 */
export function tryParseDecimal(text: string, places: number = PRICE_PLACES): DecimalParseResult {
  const scale = pow10(places);
  const match = DECIMAL_RE.exec(text);
  if (!match) return { ok: false, problem: 'format', message: 'Must be a decimal number' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > places) {
    return { ok: false, problem: 'places', message: `Must have at most ${places} decimal places` };
  }
  const wholeValue = Number(whole);
  const fractionValue = fraction === '' ? 0 : Number(fraction.padEnd(places, '0'));
  const magnitude = wholeValue * scale + fractionValue;
  if (!Number.isSafeInteger(wholeValue) || !Number.isSafeInteger(magnitude)) {
    return { ok: false, problem: 'range', message: 'Is too large' };
  }
  return { ok: true, value: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

/** Like {@link tryParseDecimal} but throws a RangeError with the message. parseDecimal("0.0325") === 325. */
export function parseDecimal(text: string, places: number = PRICE_PLACES): number {
  const result = tryParseDecimal(text, places);
  if (!result.ok) throw new RangeError(`${result.message}: "${text}"`);
  return result.value;
}

/** "20.04" → 2004. */
export function parseCents(text: string): number {
  return parseDecimal(text, CENT_PLACES);
}

/**
 * Integer count of 10^-places → decimal text with at least `minPlaces` decimals; trailing zeros beyond
 * `minPlaces` are dropped. formatDecimal(325, 4) === "0.0325"; formatDecimal(19100, 4, 2) === "1.91".
 */
export function formatDecimal(value: number, places: number, minPlaces: number = places): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer amount: ${value}`);
  const scale = pow10(places);
  const magnitude = Math.abs(value);
  const whole = Math.trunc(magnitude / scale);
  let fraction = String(magnitude - whole * scale).padStart(places, '0');
  let end = fraction.length;
  while (end > minPlaces && fraction[end - 1] === '0') end -= 1;
  fraction = fraction.slice(0, end);
  const sign = value < 0 ? '-' : '';
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** 2004 → "20.04". Always two decimals. */
export function formatCents(cents: number): string {
  return formatDecimal(cents, CENT_PLACES);
}

/** A list price for display and for the API: 19100 → "1.91", 325 → "0.0325", 0 → "0.00". */
export function formatPrice(units: number): string {
  return formatDecimal(units, PRICE_PLACES, CENT_PLACES);
}

/**
 * Validates a list price an admin typed (text or a JSON number): a non-negative decimal with at most four places,
 * no larger than {@link MAX_LIST_PRICE_UNITS}. Returns price units or a message fit for a 400.
 */
export function parseListPrice(input: string | number): DecimalParseResult {
  // A JSON number is turned back into the shortest text that round-trips, which is what the admin typed.
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'NaN') : input.trim();
  const result = tryParseDecimal(text, PRICE_PLACES);
  if (!result.ok) return result;
  if (result.value < 0) return { ok: false, problem: 'range', message: 'Must not be negative' };
  if (result.value > MAX_LIST_PRICE_UNITS) {
    return { ok: false, problem: 'range', message: `Must be at most ${formatPrice(MAX_LIST_PRICE_UNITS)}` };
  }
  return result;
}
