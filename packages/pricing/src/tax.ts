/**
 * US sales tax on an order: which rule applies to a destination and buyer, at what rate, and how much.
 *
 * Rules are the original system's (../../shared/reference/original-system.md §3), with its reason texts verbatim,
 * and one defect fixed: the tax base is the books AND the shipping charge together (the original taxed the
 * shipping only, defect 7). The caller passes that sum as `taxableCents`.
 *
 * - Outside the US: no tax ("International shipping - no tax").
 * - A US state where the seller has nexus (Texas, the seller's home state, by default): the state's rate, except
 *   an enterprise buyer with a resale certificate (buying to resell) is exempt.
 * - Any other state: no nexus, no tax.
 *
 * Rates are whole basis points (825 = 8.25 %); the tax is rounded once by the package's one rule (half-up).
 * Nexus is data: adding a state with a rate to NEXUS_STATES is the whole change. docs/decisions/0013.
 */
import { formatDecimal, roundDiv } from './money.js';

export type AccountType = 'individual' | 'enterprise';

export interface StateTaxRate {
  /** Two-letter USPS code. */
  readonly code: string;
  /** The state's name, used in the reason texts ("Texas individual sales tax"). */
  readonly name: string;
  /** State sales tax rate in basis points (1/100 of a percent). */
  readonly rateBasisPoints: number;
}

/**
 * State rates the original knew (TX 8.25 %, CA 7.25 %, NY 4 %, FL 6 %). Only the states listed in
 * {@link NEXUS_STATES} are charged; the others wait here for the day the seller has nexus there.
 */
export const STATE_TAX_RATES: Readonly<Record<string, StateTaxRate>> = {
  TX: { code: 'TX', name: 'Texas', rateBasisPoints: 825 },
  CA: { code: 'CA', name: 'California', rateBasisPoints: 725 },
  NY: { code: 'NY', name: 'New York', rateBasisPoints: 400 },
  FL: { code: 'FL', name: 'Florida', rateBasisPoints: 600 },
};

/** States where the seller collects sales tax: Texas, its home state. */
export const NEXUS_STATES: readonly string[] = ['TX'];

/** The seller's country: only destinations here can be taxed. */
export const SELLER_COUNTRY = 'US';

/** The original's reason texts (§3), verbatim; the state-specific ones are built from the state's name. */
export const TAX_REASONS = {
  international: 'International shipping - no tax',
  individualInState: (state: string) => `${state} individual sales tax`,
  individualOutOfState: 'Individual account - no tax for out-of-state shipping',
  enterpriseWithCertificate: (state: string) => `${state} enterprise with resale certificate - no tax`,
  enterpriseWithoutCertificate: (state: string) => `${state} enterprise without resale certificate`,
  noNexus: (stateCode: string) => `No economic nexus in ${stateCode} - no tax`,
  fallback: 'No tax applicable',
} as const;

/**
 * The same rules for an order with nothing to ship (e-books alone, docs/decisions/0034 and 0059): the billing
 * address decides, so the reasons speak of the buyer, not of shipping.
 */
export const DIGITAL_TAX_REASONS = {
  international: 'Billing address outside the US - no tax',
  individualOutOfState: 'Individual account - no tax for an out-of-state billing address',
} as const;

/**
 * USPS codes a US address may carry: the 50 states, DC, the armed forces codes and the inhabited territories
 * that are addressed as US states. Keys are codes, values names (so "Texas" is understood as TX too).
 */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'Virgin Islands',
};

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toUpperCase(), code]));

/** A US state as typed ("tx", "Texas", " TX ") → its USPS code, or undefined when it is none. */
export function usStateCode(input: string): string | undefined {
  const text = input.trim().toUpperCase();
  if (Object.hasOwn(US_STATES, text)) return text;
  return STATE_BY_NAME.get(text.replace(/\s+/g, ' '));
}

export interface SalesTaxInput {
  /** ISO 3166-1 alpha-2 destination country. */
  readonly country: string;
  /** Destination state or region (a USPS code or a state name for the US). */
  readonly state: string;
  readonly accountType: AccountType;
  readonly hasResaleCert: boolean;
  /** Nothing is shipped (e-books alone): the address is the billing address, and the reasons say so. */
  readonly digital?: boolean;
  /** Books + shipping charge, in cents: what the tax is charged on. */
  readonly taxableCents: number;
}

export interface SalesTax {
  /** 825 = 8.25 %; 0 when no tax applies. */
  readonly rateBasisPoints: number;
  /** "8.25%", "0.00%": the response's tax_rate. */
  readonly rateText: string;
  /** Why, in the original's words. */
  readonly reason: string;
  readonly taxCents: number;
}

/** 825 → "8.25%", 0 → "0.00%". */
export function taxRateText(rateBasisPoints: number): string {
  return `${formatDecimal(rateBasisPoints, 2)}%`;
}

/**
 * taxable × rate / 10 000, by the one rounding rule. The amount is split into multiples of 10 000 cents and a
 * remainder so the product stays a safe integer for any amount.
 */
export function taxOnCents(taxableCents: number, rateBasisPoints: number): number {
  const whole = Math.trunc(taxableCents / 10_000);
  const rest = taxableCents - whole * 10_000;
  return whole * rateBasisPoints + roundDiv(rest * rateBasisPoints, 10_000);
}

/**
 * An amount that is a line plus its tax at a rate, split back into the two (a hold's price difference, docs/decisions
 * 0077): the line is the largest whose line + taxOnCents(line) does not exceed the amount; the tax is the rest, so
 * the two always add up to the amount to the cent.
 */
export function splitTaxed(totalCents: number, rateBasisPoints: number): { lineCents: number; taxCents: number } {
  let line = Math.round((totalCents * 10_000) / (10_000 + rateBasisPoints));
  while (line > 0 && line + taxOnCents(line, rateBasisPoints) > totalCents) line -= 1;
  while (line + 1 + taxOnCents(line + 1, rateBasisPoints) <= totalCents) line += 1;
  return { lineCents: line, taxCents: totalCents - line };
}

const noTax = (reason: string): Omit<SalesTax, 'taxCents'> => ({
  rateBasisPoints: 0,
  rateText: taxRateText(0),
  reason,
});

/** The rule for a destination and buyer, without an amount (what an estimate can already say). */
export function salesTaxRule(input: Omit<SalesTaxInput, 'taxableCents'>): Omit<SalesTax, 'taxCents'> {
  const reasons = input.digital ? { ...TAX_REASONS, ...DIGITAL_TAX_REASONS } : TAX_REASONS;
  if (input.country.trim().toUpperCase() !== SELLER_COUNTRY) return noTax(reasons.international);
  const code = usStateCode(input.state);
  if (code === undefined) return noTax(TAX_REASONS.fallback);
  const nexus = NEXUS_STATES.includes(code) ? STATE_TAX_RATES[code] : undefined;
  if (nexus === undefined) {
    return noTax(input.accountType === 'enterprise' ? reasons.noNexus(code) : reasons.individualOutOfState);
  }
  const taxed = (reason: string) => ({
    rateBasisPoints: nexus.rateBasisPoints,
    rateText: taxRateText(nexus.rateBasisPoints),
    reason,
  });
  if (input.accountType === 'individual') return taxed(TAX_REASONS.individualInState(nexus.name));
  return input.hasResaleCert
    ? noTax(TAX_REASONS.enterpriseWithCertificate(nexus.name))
    : taxed(TAX_REASONS.enterpriseWithoutCertificate(nexus.name));
}

/** Sales tax on books + shipping for a destination and buyer. */
export function salesTax(input: SalesTaxInput): SalesTax {
  const { taxableCents } = input;
  if (!Number.isSafeInteger(taxableCents) || taxableCents < 0) {
    throw new RangeError(
      `A taxable amount must be a non-negative whole number of cents, got ${taxableCents}`,
    );
  }
  const rule = salesTaxRule(input);
  return { ...rule, taxCents: taxOnCents(taxableCents, rule.rateBasisPoints) };
}
