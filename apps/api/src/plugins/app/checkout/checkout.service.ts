/**
 * The shop's money, computed only here from the server's own records (docs/decisions/0013):
 * - the cart: each project priced again from the catalog in integer cents (catalog.service.ts `priceInCents`;
 *   docs/decisions/0039), weighed from its catalog choices (@bindery/pricing/carrier-rates);
 * - shipping: the carrier's rate for the parcel (the CarrierRates the wiring chose) plus the shop's markup, once
 *   (@bindery/pricing/shipping), DHL and FedEx only; e-books weigh nothing, and a cart of e-books alone has one
 *   free "digital delivery" service instead of carriers (docs/decisions/0034);
 * - the first-print discount: a share of the books' subtotal on the customer's first order (@bindery/pricing/
 *   first-print; docs/decisions/0033), decided in the transaction that writes the order;
 * - tax: the destination's rule on what is charged, books less the discount + shipping (@bindery/pricing/tax); an
 *   enterprise buyer is exempt only with an APPROVED resale certificate for the ship-to state in our records
 *   (docs/decisions/0032): the request's has_resale_cert is not read;
 * - the order: written in one transaction with its items, from the same computation.
 * Nothing the browser says about money is read. Amounts are integer cents throughout; decimal strings are made only
 * where the contract's responses (ShippingRateResponse, the order's shipping_service) carry them.
 *
 * Two factories (docs/decisions/0018), neither importing Fastify; refusals are DomainError:
 * - `createCartPricing({ db, catalog })` (cart-pricing.ts): the cart and the estimate's parcel, priced and weighed
 *   from our records (a job or a script prices a cart with a Kysely instance and the catalog module built on it);
 * - `createCheckout({ db, catalog, carrierRates, clock, certificateForState, orders })` (here): shipping-rate
 *   (shipping-rate.ts) and save-shipping, from the terms both quote (quote-terms.ts); a repeated submission finds
 *   its order (repeat-orders.ts). checkout.plugin.ts wires both into the app.
 */
import { messages } from '@bindery/contracts/messages';
import type { Address, Order } from '@bindery/contracts/store/checkout';
import { DomainError } from '#lib/domain-error.js';
import { iso as stamp } from '../orders/order-views.js';
import type { NewOrderItem } from '../orders/orders.service.js';
import { findCartProjects, lockPayableOrdersOf, lockUserForOrder } from './checkout.repository.js';
import { createCartPricing, normalisedState, type SaveBody } from './cart-pricing.js';
import { orderFingerprint, repeatedOrder } from './repeat-orders.js';
import { createShippingRate } from './shipping-rate.js';
import {
  certificateStanding,
  firstPrintFor,
  quoteServices,
  serviceEntry,
  taxPerAmount,
  type CheckoutDeps,
} from './quote-terms.js';

const m = messages.checkout;

export type CheckoutModule = ReturnType<typeof createCheckout>;

export function createCheckout(deps: CheckoutDeps) {
  const { db, catalog, carrierRates, clock, orders } = deps;
  const pricing = createCartPricing(deps);
  const shippingRate = createShippingRate(deps, pricing);

  /**
   * POST api/save-shipping/: prices the cart and the chosen service again and writes the order (awaiting_payment)
   * with its items in one transaction. `created` is false when an identical unpaid order made moments ago is
   * returned instead (a double click or a retried request). A project is in at most one unpaid order (ADR 0051):
   * an unpaid order holding any of these books is canceled as superseded in the same transaction, and after the
   * commit what was opened for it at the providers is closed. A book already paid for is refused (409).
   */
  async function saveShipping(userId: number, body: SaveBody): Promise<{ order: Order; created: boolean }> {
    const state = normalisedState(
      body.user_address.country,
      body.user_address.state,
      body.user_address.postal_code,
    );
    const certificate = await certificateStanding(
      deps.certificateForState,
      { ...body.user_address, state },
      userId,
    );
    const cart = await pricing.priceCart(userId, body.project_ids);
    // The carrier needs a phone number; an order with nothing to ship keeps none (docs/decisions/0059).
    const { phone_number, ...billing } = body.user_address;
    if (cart.shipment !== null && !phone_number) {
      throw new DomainError('invalid', m.phoneRequired, {
        code: 'VALIDATION_ERROR',
        fields: [{ path: 'body.user_address.phone_number', message: m.phoneRequired }],
      });
    }
    // The stored address says what the server decided, not what the browser claimed.
    const address: Address = {
      ...(cart.shipment === null ? billing : body.user_address),
      state,
      has_resale_cert: certificate?.status === 'approved',
    };
    const services = await quoteServices(carrierRates, address, cart.shipment);
    const service = services.find((s) => s.code === body.selected_service);
    if (!service) {
      throw new DomainError('invalid', m.unknownService, {
        fields: [{ path: 'body.selected_service', message: m.unknownService }],
      });
    }
    const setting = await catalog.firstPrint();
    const taxOn = taxPerAmount(address, certificate, cart.shipment === null);
    const items: NewOrderItem[] = cart.lines.map((l) => ({
      project_id: l.projectId,
      title: l.title,
      category: l.category,
      quantity: l.quantity,
      cost_per_book_cents: l.costPerBookCents,
      discount_cents: l.discountCents,
      line_total_cents: l.lineTotalCents,
      proof: l.proof,
    }));
    const fingerprint = orderFingerprint({
      address,
      serviceCode: service.code,
      shippingCents: service.shippingCents,
      items: cart.lines,
    });

    const saved = await db.transaction().execute(async (trx) => {
      const customer = await lockUserForOrder(trx, userId);
      // After the user lock no other checkout of this user runs: the unpaid orders holding these books are final.
      // Locked before the projects, in the order a delete, an edit and a payment lock them.
      const held = await lockPayableOrdersOf(
        trx,
        cart.lines.map((l) => l.projectId),
      );
      // The projects must still be what was priced: locked until commit, so a delete or an edit waits for us.
      const current = await findCartProjects(
        trx,
        userId,
        cart.lines.map((l) => l.projectId),
        true,
      );
      const priced = new Map(cart.lines.map((l) => [l.projectId, l.updatedAt]));
      if (current.length !== priced.size)
        throw new DomainError('not_found', messages.projects.projectNotFound);
      if (current.some((p) => priced.get(p.id) !== stamp(p.updated_at))) {
        throw new DomainError('conflict', m.cartChanged);
      }
      const ordered = current.find((p) => p.status === 'ordered');
      if (ordered) {
        throw new DomainError('conflict', m.projectAlreadyOrdered(ordered.title), {
          code: 'PROJECT_ALREADY_ORDERED',
        });
      }
      const repeated = await repeatedOrder(trx, orders, userId, fingerprint, clock.now());
      if (repeated !== undefined) return { id: repeated, created: false, superseded: [] };
      // One payable order per project (ADR 0051; the index order_items_one_payable_order_per_project).
      const superseded = await orders.cancelUnpaidWithin(
        trx,
        held,
        { type: 'customer', userId, label: customer.name },
        messages.orders.canceledSuperseded,
      );

      // After the user lock: a concurrent first order of this user has committed (and holds the discount) or has
      // not started. The partial unique index orders_first_print_discount_key refuses a second holder regardless.
      const discountCents = await firstPrintFor(trx, userId, setting, cart.subtotalCents);
      // Tax on what is charged: the books less the discount, plus shipping (docs/decisions/0033).
      const tax = taxOn(cart.subtotalCents - discountCents + service.shippingCents);
      const totalCents = cart.subtotalCents - discountCents + service.shippingCents + tax.taxCents;
      const shippingService = {
        ...serviceEntry(service, { subtotalCents: cart.subtotalCents, discountCents, tax }),
        // Kept for the books: what the carrier charges us, beside what the customer pays.
        carrier_charge_cents: service.chargeCents,
      };

      // The orders module writes the order (with the customer's snapshot, its expiry and its first event).
      const written = await orders.placeWithin(
        trx,
        userId,
        {
          currency: 'USD',
          subtotal_cents: cart.subtotalCents,
          discount_cents: discountCents,
          shipping_cents: service.shippingCents,
          tax_cents: tax.taxCents,
          total_cents: totalCents,
          tax_rate_bp: tax.rateBasisPoints,
          tax_reason: tax.reason,
          shipping_service: JSON.stringify(shippingService),
          address: JSON.stringify(address),
          weight_grams: cart.shipment?.weightGrams ?? 0,
        },
        items,
      );
      return { id: written.order.id, created: true, superseded: [...superseded, written.placed] };
    });
    // The superseded order can no longer be paid: its Checkout Session expired, its PayPal order closed; the new
    // order's placed mail leaves (ADR 0072).
    await orders.afterCommit(saved.superseded);
    return { order: await orders.myOrder(userId, saved.id), created: saved.created };
  }

  return { priceCart: pricing.priceCart, shippingRate, saveShipping };
}
