/**
 * POST api/shipping-rate/: the services for a cart or an estimate, with tax (and, for a cart, the first-print
 * discount and each service's total), computed from our own records only (docs/decisions/0013).
 */
import { messages } from '@bindery/contracts/messages';
import type { ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { STANDARD_BOOK_GRAMS, shipmentOf } from '@bindery/pricing/carrier-rates';
import { firstPrintLineLabel } from '@bindery/pricing/first-print';
import { formatCents } from '@bindery/pricing/money';
import { DomainError } from '#lib/domain-error.js';
import { standingMessage } from '../certificates/certificates.service.js';
import { findPayableOrdersOf } from './checkout.repository.js';
import { normalisedState, type Buyer, type CartPricing, type RateBody } from './cart-pricing.js';
import {
  certificateStanding,
  firstPrintFor,
  quoteServices,
  serviceEntry,
  taxPerAmount,
  type CheckoutDeps,
} from './quote-terms.js';

const m = messages.checkout;

/** POST api/shipping-rate/ for the checkout module (built once with its dependencies and the cart pricing). */
export function createShippingRate(deps: CheckoutDeps, pricing: CartPricing) {
  const { db, catalog, carrierRates } = deps;
  /**
   * POST api/shipping-rate/. Without a cart: an estimate for `quantity` copies of `book` (weighed as checkout will
   * weigh the project), or of a standard book when the page does not know the book yet; tax is shown for the
   * shipping charge alone, as the books are not bought yet. With the cart: every service carries its own tax and
   * total.
   */
  return async function shippingRate(
    body: RateBody,
    userId: number | undefined,
  ): Promise<ShippingRateResponse> {
    if (body.project_ids && (body.quantity !== undefined || body.book !== undefined)) {
      throw new DomainError('invalid', m.cartOrEstimate);
    }
    const buyer: Buyer = { ...body, state: normalisedState(body.country, body.state, body.postal_code) };
    if (body.project_ids && userId === undefined)
      throw new DomainError('unauthorized', messages.generic.unauthorized);
    const cart =
      body.project_ids && userId !== undefined
        ? await pricing.priceCart(userId, body.project_ids)
        : undefined;
    const shipment = cart
      ? cart.shipment
      : body.book
        ? await pricing.estimateShipment(body.book, body.quantity ?? 1)
        : shipmentOf([{ gramsPerCopy: STANDARD_BOOK_GRAMS, quantity: body.quantity ?? 1 }]);
    const services = await quoteServices(carrierRates, { ...body, state: buyer.state }, shipment);

    // The certificate only with the cart: an estimate is anonymous, and its tax is shown on the shipping alone.
    const certificate = cart ? await certificateStanding(deps.certificateForState, buyer, userId) : undefined;
    const taxOn = taxPerAmount(buyer, certificate, cart?.shipment === null);
    const setting = cart ? await catalog.firstPrint() : undefined;
    const discountCents =
      cart && setting && userId !== undefined
        ? await firstPrintFor(
            db,
            userId,
            setting,
            cart.subtotalCents,
            // The unpaid order this cart would replace gives its discount back (ADR 0051): quote what is charged.
            await findPayableOrdersOf(
              db,
              cart.lines.map((l) => l.projectId),
            ),
          )
        : 0;
    const entries = services.map((s) => {
      if (!cart) return { service: s, tax: taxOn(s.shippingCents), entry: serviceEntry(s) };
      // Tax on what is charged: the books less the discount, plus shipping (docs/decisions/0033).
      const tax = taxOn(cart.subtotalCents - discountCents + s.shippingCents);
      return {
        service: s,
        tax,
        entry: serviceEntry(s, { subtotalCents: cart.subtotalCents, discountCents, tax }),
      };
    });
    const cheapest = entries[0];
    if (!cheapest)
      throw new DomainError('not_found', m.noDhlOrFedexRates, { extra: { available_couriers: [] } });
    const response: ShippingRateResponse = {
      shipping_rate: formatCents(cheapest.service.shippingCents),
      tax: formatCents(cheapest.tax.taxCents),
      tax_rate: cheapest.tax.rateText,
      tax_reason: cheapest.tax.reason,
      account_type: buyer.account_type,
      courier_name: cheapest.service.courier,
      service_code: cheapest.service.code,
      estimated_delivery: cheapest.service.deliveryTime,
      available_services: entries.map((e) => e.entry),
      weight_grams: shipment?.weightGrams ?? 0,
    };
    if (certificate) {
      response.resale_certificate = {
        state: buyer.state,
        status: certificate.status,
        message: standingMessage(buyer.state, certificate),
      };
    }
    if (cart) {
      response.subtotal = formatCents(cart.subtotalCents);
      response.discount = formatCents(discountCents);
      if (discountCents > 0 && setting)
        response.discount_label = firstPrintLineLabel(setting.rateBasisPoints);
      response.total = cheapest.entry.total;
    }
    return response;
  };
}
