/**
 * The terms both checkout verbs quote from (shipping-rate.ts and checkout.service.ts's saveShipping): the services
 * for a parcel, the tax rule of a buyer (an enterprise buyer exempt only with an APPROVED resale certificate for
 * the ship-to state in our records, docs/decisions/0032), the first-print discount (docs/decisions/0033) and a
 * service as the contract shows it. Amounts are integer cents; decimal strings only in the contract's entries.
 */
import type { ShippingService } from '@bindery/contracts/store/checkout';
import { type Shipment } from '@bindery/pricing/carrier-rates';
import { discountUnder, type FirstPrintDiscount } from '@bindery/pricing/first-print';
import { formatCents } from '@bindery/pricing/money';
import { NEXUS_STATES, SELLER_COUNTRY, salesTaxRule, taxOnCents, type SalesTax } from '@bindery/pricing/tax';
import type { Clock } from '#lib/clock.js';
import type { CatalogModule } from '../catalog/catalog.service.js';
import { type CertificateStanding } from '../certificates/certificates.service.js';
import type { OrdersModule } from '../orders/orders.service.js';
import type { CarrierRates } from './carrier-rates.js';
import { firstPrintTaken } from './checkout.repository.js';
import {
  type CartPricingDeps,
  type Buyer,
  type Destination,
  type QuotedService,
  DIGITAL_DELIVERY,
  selectServices,
} from './cart-pricing.js';

export interface CheckoutDeps extends CartPricingDeps {
  catalog: CartPricingDeps['catalog'] & Pick<CatalogModule, 'firstPrint'>;
  /** Where carrier prices come from (the built-in table, or a live carrier API). */
  carrierRates: CarrierRates;
  clock: Clock;
  /** The buyer's resale certificate for a state, from our records (the certificates module). */
  certificateForState: (userId: number, state: string) => Promise<CertificateStanding>;
  /**
   * The orders module writes the order (in checkout's transaction), cancels the unpaid order it supersedes (and,
   * after the commit, has its payment attempts closed at the providers), reads the order back, and the items of
   * a recent unpaid order a repeated submission may be.
   */
  orders: Pick<
    OrdersModule,
    'placeWithin' | 'myOrder' | 'cancelUnpaidWithin' | 'afterCommit' | 'itemRowsWithin'
  >;
}

/** The buyer's rule once, then an amount per service (the rule does not depend on the amount). */
export function taxPerAmount(
  buyer: Buyer,
  certificate: CertificateStanding | undefined,
  /** Nothing is shipped: the address is the billing address (docs/decisions/0059). */
  digital = false,
): (taxableCents: number) => SalesTax {
  const rule = salesTaxRule({
    digital,
    country: buyer.country,
    state: buyer.state,
    accountType: buyer.account_type,
    // Only an approved certificate for this state, never what the browser says (docs/decisions/0032).
    hasResaleCert: certificate?.status === 'approved',
  });
  return (taxableCents) => ({ ...rule, taxCents: taxOnCents(taxableCents, rule.rateBasisPoints) });
}

/** The books as charged: the subtotal less the first-print discount. */
export interface ChargedBooks {
  subtotalCents: number;
  discountCents: number;
}

/**
 * The first-print discount a new order of this user gets now: the setting in force, if the user has not used it
 * (read inside the order's transaction, after the user lock, when writing the order).
 */
export async function firstPrintFor(
  db: Parameters<typeof firstPrintTaken>[0],
  userId: number,
  setting: FirstPrintDiscount,
  subtotalCents: number,
  superseded: readonly number[] = [],
): Promise<number> {
  if (!setting.enabled) return 0;
  return (await firstPrintTaken(db, userId, superseded)) ? 0 : discountUnder(setting, subtotalCents);
}

export function serviceEntry(s: QuotedService, cart?: ChargedBooks & { tax: SalesTax }): ShippingService {
  const entry: ShippingService = {
    service_code: s.code,
    service_name: s.name,
    courier_name: s.courier,
    total_charge: formatCents(s.shippingCents),
    delivery_time: s.deliveryTime,
  };
  if (cart) {
    entry.tax = formatCents(cart.tax.taxCents);
    entry.total = formatCents(cart.subtotalCents - cart.discountCents + s.shippingCents + cart.tax.taxCents);
  }
  return entry;
}

/**
 * The DHL and FedEx services for a shipment, cheapest first, each with the customer's charge. None → not_found
 * with the couriers that would have gone there (the shop shows them).
 */
export async function quoteServices(
  carrierRates: CarrierRates,
  destination: Destination,
  shipment: Shipment | null,
): Promise<QuotedService[]> {
  if (shipment === null) return [DIGITAL_DELIVERY];
  const rates = await carrierRates.quote({
    country: destination.country,
    state: destination.state,
    city: destination.city,
    postalCode: destination.postal_code,
    weightGrams: shipment.weightGrams,
    boxes: shipment.boxes,
  });
  return selectServices(rates);
}

/**
 * The buyer's resale certificate for the destination, from our records, where one could change the tax: an
 * enterprise buyer (signed in) shipping to a US state where tax is charged. Undefined otherwise.
 */
export async function certificateStanding(
  certificateForState: CheckoutDeps['certificateForState'],
  buyer: Buyer,
  userId: number | undefined,
): Promise<CertificateStanding | undefined> {
  if (userId === undefined || buyer.account_type !== 'enterprise') return undefined;
  if (buyer.country !== SELLER_COUNTRY || !NEXUS_STATES.includes(buyer.state)) return undefined;
  return certificateForState(userId, buyer.state);
}
