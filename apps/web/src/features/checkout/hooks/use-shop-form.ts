/**
 * The shop's state (docs/spec/customer-journey.md §4 Shop): the address draft, the server's rate answer and the chosen
 * service. Changing anything the rate depends on (country, state, city, postal code, account type) clears the rate, the services, the choice and the error; an answer to a request made before such
 * a change is dropped (`version`), so the page never shows a rate for an address it no longer has.
 * The draft and the chosen service are kept in session storage per customer (this tab only: an address is
 * personal), so a reload or Back finds the form filled; the rate itself is asked of the server again, never
 * restored (docs/decisions/0038).
 */
import { useEffect, useReducer } from 'react';
import { z } from 'zod';
import {
  AccountType,
  type Address,
  type ShippingRateResponse,
  type ShippingService,
} from '@bindery/contracts/store/checkout';

export interface AddressDraft {
  first_name: string;
  last_name: string;
  company: string;
  address: string;
  apt_floor: string;
  country: string;
  state: string;
  city: string;
  postal_code: string;
  phone_number: string;
  account_type: AccountType;
}
export type DraftField = keyof AddressDraft;

/** The spec's example defaults (§9): US, TX, an individual buyer. */
export const emptyDraft: AddressDraft = {
  first_name: '',
  last_name: '',
  company: '',
  address: '',
  apt_floor: '',
  country: 'US',
  state: 'TX',
  city: '',
  postal_code: '',
  phone_number: '',
  account_type: 'individual',
};

// No resale-certificate field: the server reads the buyer's approved certificates itself (docs/decisions/0032).
const RATE_FIELDS: ReadonlySet<DraftField> = new Set([
  'country',
  'state',
  'city',
  'postal_code',
  'account_type',
]);

/** What the server compares (§5 Shop rate: country and state trimmed and upper-cased; city and postal code trimmed). */
function normalized(field: DraftField, value: string | boolean): string | boolean {
  if (typeof value !== 'string') return value;
  return field === 'country' || field === 'state' ? value.trim().toUpperCase() : value.trim();
}

export interface ShopState {
  draft: AddressDraft;
  /** Bumped by every change that invalidates a rate. */
  version: number;
  rate: ShippingRateResponse | null;
  /** The cart (project ids, comma-joined) the rate was calculated for. */
  rateCart: string | null;
  /** service_code of the chosen service. */
  selected: string | null;
  rateError: string | null;
}

type Action =
  | { type: 'set'; field: DraftField; value: string | boolean }
  /** A saved address picked (docs/decisions/0074): the whole form at once; the rate is asked again. */
  | { type: 'fill'; draft: AddressDraft }
  /** `prefer`: the service chosen before a reload, chosen again if the new answer still offers it. */
  | { type: 'rate-ok'; version: number; rate: ShippingRateResponse; cart: string; prefer?: string | null }
  | { type: 'rate-failed'; version: number; message: string }
  | { type: 'select'; code: string };

const noRate = { rate: null, rateCart: null, selected: null, rateError: null } as const;

/** The cheapest service: the server puts its code at the top level (ShippingRateResponse.service_code). */
function cheapest(rate: ShippingRateResponse): string | null {
  return (
    (rate.available_services.find((s) => s.service_code === rate.service_code) ?? rate.available_services[0])
      ?.service_code ?? null
  );
}

export function shopReducer(state: ShopState, action: Action): ShopState {
  switch (action.type) {
    case 'set': {
      const draft = { ...state.draft, [action.field]: action.value };
      // A new country has other states.
      if (action.field === 'country' && action.value !== state.draft.country) draft.state = '';
      const invalidates = [...RATE_FIELDS].some(
        (f) => normalized(f, draft[f]) !== normalized(f, state.draft[f]),
      );
      return invalidates ? { ...state, draft, version: state.version + 1, ...noRate } : { ...state, draft };
    }
    case 'fill':
      return { ...state, draft: action.draft, version: state.version + 1, ...noRate };
    case 'rate-ok':
      if (action.version !== state.version) return state;
      return {
        ...state,
        rate: action.rate,
        rateCart: action.cart,
        selected: action.rate.available_services.some((s) => s.service_code === action.prefer)
          ? (action.prefer as string)
          : cheapest(action.rate),
        rateError: null,
      };
    case 'rate-failed':
      if (action.version !== state.version) return state;
      return { ...state, ...noRate, rateError: action.message };
    case 'select':
      return state.rate?.available_services.some((s) => s.service_code === action.code)
        ? { ...state, selected: action.code }
        : state;
  }
}

/** What a reload keeps: the form and the service chosen (its rate is asked of the server again). */
const KeptShopForm = z.object({
  draft: z.object({
    first_name: z.string(),
    last_name: z.string(),
    company: z.string(),
    address: z.string(),
    apt_floor: z.string(),
    country: z.string(),
    state: z.string(),
    city: z.string(),
    postal_code: z.string(),
    phone_number: z.string(),
    account_type: AccountType,
  }),
  selected: z.string().nullable(),
});
type KeptShopForm = z.infer<typeof KeptShopForm>;

export const shopFormKey = (userId: number) => `shopForm:${userId}`;

/** The kept form of this customer in this tab, or null (none, or not one this page wrote). */
export function readKeptShopForm(userId: number): KeptShopForm | null {
  try {
    const parsed = KeptShopForm.safeParse(JSON.parse(sessionStorage.getItem(shopFormKey(userId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useShopForm(userId: number) {
  // A kept choice waits, without a rate, for the server's answer to the kept address (ShopPage asks it again).
  const [state, dispatch] = useReducer(shopReducer, userId, (id): ShopState => {
    const kept = readKeptShopForm(id);
    return { draft: kept?.draft ?? emptyDraft, version: 0, ...noRate, selected: kept?.selected ?? null };
  });
  const service: ShippingService | null =
    state.rate?.available_services.find((s) => s.service_code === state.selected) ?? null;
  const kept = JSON.stringify({ draft: state.draft, selected: state.selected } satisfies KeptShopForm);
  useEffect(() => sessionStorage.setItem(shopFormKey(userId), kept), [kept, userId]);
  return { state, service, dispatch };
}

/** The four fields a rate needs (§5 Shop rate). */
export const hasRateFields = (d: AddressDraft) =>
  [d.country, d.state, d.city, d.postal_code].every((v) => v.trim() !== '');

/** What each address field is called on the form (its label; the shop names missing fields with it). */
export const ADDRESS_LABELS: Readonly<Record<Exclude<DraftField, 'account_type'>, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company (optional)',
  address: 'Address',
  apt_floor: 'Apartment, suite or floor (optional)',
  country: 'Country',
  state: 'State',
  city: 'City',
  postal_code: 'Postal code',
  phone_number: 'Phone number',
};

/**
 * The fields the spec requires before saving (§5 Shop save) that are still empty, in the form's order. An order of
 * e-books alone asks no phone number: nothing goes to a carrier (docs/decisions/0059).
 */
export const missingSaveFields = (d: AddressDraft, digitalOnly = false) =>
  (['first_name', 'last_name', 'address', 'country', 'city', 'phone_number'] as const).filter(
    (field) => !(digitalOnly && field === 'phone_number') && d[field].trim() === '',
  );

/** The address as saved: without the phone number for an order of e-books alone. */
export function savedAddress(d: AddressDraft, digitalOnly: boolean) {
  if (!digitalOnly) return d;
  const { phone_number: _phone, ...billing } = d;
  return billing;
}

/** A saved address (docs/decisions/0074) as the form's draft: picking it fills every field. */
export const draftOf = (a: Address): AddressDraft => ({
  first_name: a.first_name,
  last_name: a.last_name,
  company: a.company,
  address: a.address,
  apt_floor: a.apt_floor,
  country: a.country,
  state: a.state,
  city: a.city,
  postal_code: a.postal_code,
  phone_number: a.phone_number ?? '',
  account_type: a.account_type,
});

/** The draft as an address to keep in the address book: an empty phone number is no phone number. */
export function bookAddress(d: AddressDraft) {
  const { phone_number, ...rest } = d;
  return phone_number.trim() === '' ? rest : d;
}
