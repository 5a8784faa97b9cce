/**
 * What the carriers charge to send a parcel from the print shop (Texas, US) to a destination: a built-in rate
 * table of DHL and FedEx services, and the parcel's weight from its books. The API puts this table behind an
 * interface so a live carrier API can replace it; the customer's price is this charge plus the markup of
 * ./shipping.ts. Prices are data, in integer cents. docs/decisions/0013.
 *
 * A service's charge = base + per started 0.5 kg × its price, by zone (US domestic; Canada and Mexico; the rest
 * of the world). The figures are list-price-like retail parcel rates, not a contract's.
 * @see ../../shared/reference/print-industry.md "Weight (for shipping)", "Shipping levels"
 */
import type { BindingStyle } from './bindings.js';
import { bookWeightGrams, paperStockByName } from './physical.js';
import { TRIM_SIZES, type TrimSizeDefinition } from './trim-sizes.js';

export type Courier = 'FedEx' | 'DHL';
export type ShippingZone = 'domestic' | 'north_america' | 'rest_of_world';

export interface ZoneRate {
  /** Charge for the shipment before any weight, in cents. */
  readonly baseCents: number;
  /** Charge per started 0.5 kg of the whole shipment, in cents. */
  readonly perHalfKgCents: number;
  /** As shown to the buyer: "3-5 days". */
  readonly deliveryTime: string;
}

export interface CarrierServiceDefinition {
  /** Stable key the shop sends back (selected_service). */
  readonly code: string;
  readonly name: string;
  readonly courier: Courier;
  /** The zones the service reaches, each with its price. */
  readonly zones: Readonly<Partial<Record<ShippingZone, ZoneRate>>>;
}

/** Where parcels leave from. */
export const ORIGIN_COUNTRY = 'US';

/**
 * The services. DHL Express carries no US domestic parcels (it left that market in 2008), so at home FedEx is
 * the only courier; abroad both are offered, economy and express.
 */
export const CARRIER_SERVICES: readonly CarrierServiceDefinition[] = [
  {
    code: 'FEDEX_GROUND',
    name: 'FedEx Ground',
    courier: 'FedEx',
    zones: { domestic: { baseCents: 750, perHalfKgCents: 85, deliveryTime: '3-5 days' } },
  },
  {
    code: 'FEDEX_2_DAY',
    name: 'FedEx 2Day',
    courier: 'FedEx',
    zones: { domestic: { baseCents: 1650, perHalfKgCents: 190, deliveryTime: '2 days' } },
  },
  {
    code: 'FEDEX_STANDARD_OVERNIGHT',
    name: 'FedEx Standard Overnight',
    courier: 'FedEx',
    zones: { domestic: { baseCents: 3600, perHalfKgCents: 400, deliveryTime: '1 day' } },
  },
  {
    code: 'FEDEX_INTERNATIONAL_ECONOMY',
    name: 'FedEx International Economy',
    courier: 'FedEx',
    zones: {
      north_america: { baseCents: 2400, perHalfKgCents: 260, deliveryTime: '3-5 days' },
      rest_of_world: { baseCents: 3900, perHalfKgCents: 480, deliveryTime: '4-6 days' },
    },
  },
  {
    code: 'FEDEX_INTERNATIONAL_PRIORITY',
    name: 'FedEx International Priority',
    courier: 'FedEx',
    zones: {
      north_america: { baseCents: 3200, perHalfKgCents: 350, deliveryTime: '1-3 days' },
      rest_of_world: { baseCents: 4800, perHalfKgCents: 600, deliveryTime: '2-5 days' },
    },
  },
  {
    code: 'DHL_EXPRESS_WORLDWIDE',
    name: 'DHL Express Worldwide',
    courier: 'DHL',
    zones: {
      north_america: { baseCents: 3400, perHalfKgCents: 330, deliveryTime: '2-4 days' },
      rest_of_world: { baseCents: 4500, perHalfKgCents: 560, deliveryTime: '2-5 days' },
    },
  },
];

/** Countries of the origin's own continent priced below the rest of the world. */
export const NORTH_AMERICA_COUNTRIES: readonly string[] = ['CA', 'MX'];

/** Every assigned ISO 3166-1 alpha-2 code. */
const ISO_COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
    'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
    'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
    'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
    'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
    'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
    'YT ZA ZM ZW'
  ).split(' '),
);

/**
 * Where neither courier delivers: countries under a comprehensive US embargo (a US shipper may not send there)
 * and territories without a population or a postal service.
 */
export const UNSERVED_COUNTRIES: readonly string[] = [
  'CU',
  'IR',
  'KP',
  'SY',
  'AQ',
  'BV',
  'HM',
  'TF',
  'GS',
  'UM',
];

/** The zone of a destination country, or null where no service goes (or the code is not a country). */
export function shippingZone(country: string): ShippingZone | null {
  const code = country.trim().toUpperCase();
  if (!ISO_COUNTRIES.has(code) || UNSERVED_COUNTRIES.includes(code)) return null;
  if (code === ORIGIN_COUNTRY) return 'domestic';
  return NORTH_AMERICA_COUNTRIES.includes(code) ? 'north_america' : 'rest_of_world';
}

/** One way to send this shipment, at the carrier's price (before the shop's markup). */
export interface CarrierRate {
  readonly code: string;
  readonly name: string;
  readonly courier: Courier;
  readonly deliveryTime: string;
  readonly chargeCents: number;
}

/** Carriers charge per started step of this weight (0.5 kg). */
export const WEIGHT_STEP_GRAMS = 500;

/** base + per started 0.5 kg × rate. */
export function zoneChargeCents(rate: ZoneRate, weightGrams: number): number {
  return rate.baseCents + Math.ceil(weightGrams / WEIGHT_STEP_GRAMS) * rate.perHalfKgCents;
}

/**
 * The services that reach `country` for a shipment of `weightGrams`, cheapest first (ties by code, so the order is
 * stable). Empty where no courier goes.
 */
export function availableServices(
  country: string,
  weightGrams: number,
  services: readonly CarrierServiceDefinition[] = CARRIER_SERVICES,
): CarrierRate[] {
  if (!Number.isSafeInteger(weightGrams) || weightGrams <= 0) {
    throw new RangeError(`A shipment weight must be a positive whole number of grams, got ${weightGrams}`);
  }
  const zone = shippingZone(country);
  if (zone === null) return [];
  const rates: CarrierRate[] = [];
  for (const service of services) {
    const rate = service.zones[zone];
    if (rate === undefined) continue;
    rates.push({
      code: service.code,
      name: service.name,
      courier: service.courier,
      deliveryTime: rate.deliveryTime,
      chargeCents: zoneChargeCents(rate, weightGrams),
    });
  }
  return rates.sort((a, b) => a.chargeCents - b.chargeCents || (a.code < b.code ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------------------------
// The parcel

/** Books per shipping box are limited by weight: a box holds at most this much (≈ 40 lb, a carton's limit). */
export const BOX_CONTENT_MAX_GRAMS = 18_000;
/** A corrugated carton with its padding. */
export const PACKAGING_GRAMS_PER_BOX = 250;

export interface ParcelLine {
  /** Weight of one copy, in grams. */
  readonly gramsPerCopy: number;
  readonly quantity: number;
}

export interface Shipment {
  readonly weightGrams: number;
  readonly boxes: number;
}

/** The books' weight plus one carton per started {@link BOX_CONTENT_MAX_GRAMS} of books. */
export function shipmentOf(lines: readonly ParcelLine[]): Shipment {
  let books = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.gramsPerCopy) || line.gramsPerCopy <= 0) {
      throw new RangeError(`A copy must weigh a positive whole number of grams, got ${line.gramsPerCopy}`);
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
      throw new RangeError(`A quantity must be a positive whole number, got ${line.quantity}`);
    }
    books += line.gramsPerCopy * line.quantity;
  }
  if (books === 0) throw new RangeError('A shipment needs at least one book');
  const boxes = Math.ceil(books / BOX_CONTENT_MAX_GRAMS);
  return { weightGrams: books + boxes * PACKAGING_GRAMS_PER_BOX, boxes };
}

/**
 * Calendars have no trim size or meaningful page count in the catalog: a wall calendar is weighed as 11 x 8.5 in,
 * 28 pages (cover, twelve months, back, printed on both sides).
 */
export const CALENDAR_TRIM: Pick<TrimSizeDefinition, 'widthMm' | 'heightMm'> =
  TRIM_SIZES['us-letter-landscape'];
export const CALENDAR_MIN_PAGES = 28;

/** One printed copy's weight from its catalog choices (trim null: a calendar). */
export function copyWeightGrams(args: {
  readonly style: BindingStyle;
  readonly pageCount: number;
  readonly trim: Pick<TrimSizeDefinition, 'widthMm' | 'heightMm'> | null;
  readonly paperName: string | null;
}): number {
  const paper = args.paperName === null ? undefined : paperStockByName(args.paperName);
  if (args.trim === null) {
    return bookWeightGrams({
      style: args.style,
      pageCount: Math.max(args.pageCount, CALENDAR_MIN_PAGES),
      trim: CALENDAR_TRIM,
      ...(paper ? { paper } : {}),
    });
  }
  return bookWeightGrams({
    style: args.style,
    pageCount: args.pageCount,
    trim: args.trim,
    ...(paper ? { paper } : {}),
  });
}

/** The estimate's book (no cart yet): 6 x 9 in, 200 pages, perfect bound, 60# white. */
export const STANDARD_BOOK = {
  style: 'perfect_bound',
  pageCount: 200,
  trim: TRIM_SIZES['us-trade'],
  paperName: '60# White-Uncoated',
} as const;
export const STANDARD_BOOK_GRAMS = copyWeightGrams(STANDARD_BOOK);
