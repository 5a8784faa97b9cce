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
 * - `createCartPricing({ db, catalog })`: the cart and the estimate's parcel, priced and weighed from our records
 *   (a job or a script prices a cart with a Kysely instance and the catalog module built on it);
 * - `createCheckout({ db, catalog, carrierRates, clock, certificateForState, orders })`: shipping-rate and
 *   save-shipping. checkout.plugin.ts wires both into the app.
 */
import { messages } from '@bindery/contracts/messages';
import type {
  Address,
  EstimateBook,
  Order,
  SaveShippingBody,
  ShippingRateBody,
  ShippingRateResponse,
  ShippingService,
} from '@bindery/contracts/store/checkout';
import type { z } from 'zod';
import {
  STANDARD_BOOK_GRAMS,
  copyWeightGrams,
  shipmentOf,
  type CarrierRate,
  type Shipment,
} from '@bindery/pricing/carrier-rates';
import { discountUnder, firstPrintLineLabel, type FirstPrintDiscount } from '@bindery/pricing/first-print';
import { formatCents } from '@bindery/pricing/money';
import { productByName, type ProductDefinition } from '@bindery/pricing/products';
import { shippingChargeCents } from '@bindery/pricing/shipping';
import {
  NEXUS_STATES,
  SELLER_COUNTRY,
  salesTaxRule,
  taxOnCents,
  usStateCode,
  type SalesTax,
} from '@bindery/pricing/tax';
import { usZipProblem } from '@bindery/contracts/us-zip';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { CatalogModule } from '../catalog/catalog.service.js';
import { standingMessage, type CertificateStanding } from '../certificates/certificates.service.js';
import { iso as stamp } from '../orders/order-views.js';
import type { NewOrderItem, OrdersModule } from '../orders/orders.service.js';
import type { CarrierRates } from './carrier-rates.js';
import {
  findCartProjects,
  findPayableOrdersOf,
  findRecentUnpaidOrders,
  firstPrintTaken,
  lockPayableOrdersOf,
  lockUserForOrder,
  type CartProjectRow,
} from './checkout.repository.js';

const m = messages.checkout;

/** The couriers the shop offers (docs/spec/customer-journey.md §9: "Supported carriers: DHL and FedEx"). */
export const SUPPORTED_COURIERS: readonly string[] = ['DHL', 'FedEx'];

/** Bodies as the route receives them: parsed by the contract (defaults filled in, codes upper-cased). */
export type RateBody = z.output<typeof ShippingRateBody>;
export type SaveBody = z.output<typeof SaveShippingBody>;
type Destination = Pick<RateBody, 'country' | 'state' | 'city' | 'postal_code'>;
type Buyer = Pick<RateBody, 'country' | 'state' | 'account_type'>;

/** One project of the cart, priced now. */
export interface PricedLine {
  readonly projectId: number;
  readonly title: string;
  readonly category: string;
  readonly quantity: number;
  readonly costPerBookCents: number;
  readonly discountCents: number;
  readonly lineTotalCents: number;
  /** 0 for a digital product (nothing is shipped). */
  readonly gramsPerCopy: number;
  readonly digital: boolean;
  /** The project row's version this price was computed from. */
  readonly updatedAt: string;
}

export interface PricedCart {
  readonly lines: readonly PricedLine[];
  readonly subtotalCents: number;
  /** The parcel of the printed books; null when the cart holds only e-books. */
  readonly shipment: Shipment | null;
}

/** A service as the shop sells it: the carrier's rate and the customer's charge (with the markup). */
export interface QuotedService extends Omit<CarrierRate, 'courier'> {
  readonly courier: string;
  readonly shippingCents: number;
}

/** What a cart with nothing to ship gets instead of carriers: free, and its files once paid. */
const DIGITAL_DELIVERY: QuotedService = {
  code: m.digitalDelivery.code,
  name: m.digitalDelivery.name,
  courier: m.digitalDelivery.courier,
  deliveryTime: m.digitalDelivery.deliveryTime,
  chargeCents: 0,
  shippingCents: 0,
};

/**
 * US addresses must name a real state (the tax depends on it); the state is kept as its USPS code. The ZIP must be
 * in that state: the contract checks it when the state arrives as a code, this once a name became one.
 */
export function normalisedState(country: string, state: string, postalCode?: string): string {
  if (country !== 'US') return state;
  const code = usStateCode(state);
  if (code === undefined) {
    throw new DomainError('invalid', m.unknownUsState, {
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'body.state', message: m.unknownUsState }],
    });
  }
  const zip = postalCode === undefined ? null : usZipProblem(code, postalCode);
  if (zip !== null && postalCode !== undefined) {
    const message = zip === 'format' ? m.usZipFormat : m.usZipNotInState(postalCode.trim(), code);
    throw new DomainError('invalid', message, {
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'body.postal_code', message }],
    });
  }
  return code;
}

export interface CartPricingDeps {
  db: Kysely<DB>;
  catalog: Pick<CatalogModule, 'category' | 'digitalConfiguration' | 'priceInCents'>;
}

export type CartPricing = ReturnType<typeof createCartPricing>;

/** The cart and the estimate's parcel, priced and weighed from the server's own records. */
export function createCartPricing({ db, catalog }: CartPricingDeps) {
  /**
   * One printed copy's weight from its catalog choices and printed page count: the one weighing of checkout and
   * of the design page's estimate, so both charge the same shipping for the same book.
   */
  async function copyGrams(
    product: ProductDefinition,
    configuration: Readonly<Record<string, number | undefined>>,
    printedPages: number,
  ): Promise<number> {
    const items = (await catalog.category(product.slug)).byId;
    const item = (id: number | undefined) => (id === undefined ? undefined : items.get(id));
    const binding = item(configuration['binding_id']);
    const trim = item(configuration['trim_size_id']);
    const paper = item(configuration['paper_type_id']);
    return copyWeightGrams({
      style: binding?.bindingStyle ?? 'perfect_bound',
      pageCount: printedPages,
      trim: trim?.widthMm && trim.heightMm ? { widthMm: trim.widthMm, heightMm: trim.heightMm } : null,
      paperName: paper?.name ?? null,
    });
  }

  /**
   * The estimate's parcel for `quantity` copies of a book not yet saved: priced through the catalog like a
   * project (which checks the choices and gives the printed page count), then weighed by {@link copyGrams}.
   */
  async function estimateShipment(book: EstimateBook, quantity: number): Promise<Shipment> {
    const product = productByName(book.category);
    if (!product) throw new DomainError('invalid', m.projectNotOrderable, { code: 'INVALID_CONFIGURATION' });
    if (product.digital) throw new DomainError('invalid', m.nothingToShip, { code: 'INVALID_CONFIGURATION' });
    const result = await catalog.priceInCents(product.slug, {
      ...book.configuration,
      page_count: book.page_count,
      quantity,
    });
    if (!result.ok) throw new DomainError('invalid', result.error, { code: 'INVALID_CONFIGURATION' });
    const grams = await copyGrams(
      product,
      book.configuration,
      result.value.printedPageCount ?? book.page_count,
    );
    return shipmentOf([{ gramsPerCopy: grams, quantity }]);
  }

  /** One project priced from the catalog (in cents), and one copy's weight from its catalog choices. */
  async function priceProject(row: CartProjectRow): Promise<PricedLine> {
    const product = productByName(row.category);
    // A digital product's choices are the catalog's, never the customer's (its flat fee).
    const configuration = product?.digital
      ? await catalog.digitalConfiguration(product.slug)
      : row.configuration;
    if (!product || !configuration) throw new DomainError('invalid', m.projectNotOrderable);
    const result = await catalog.priceInCents(product.slug, {
      ...configuration,
      page_count: row.page_count,
      quantity: row.quantity,
    });
    if (!result.ok) {
      throw new DomainError('invalid', m.projectCannotBePriced(row.title, result.error), {
        code: 'INVALID_CONFIGURATION',
      });
    }
    const { quote, printedPageCount } = result.value;
    const gramsPerCopy = product.digital
      ? 0
      : await copyGrams(product, configuration, printedPageCount ?? row.page_count);

    return {
      projectId: row.id,
      title: row.title,
      category: row.category,
      quantity: quote.quantity,
      costPerBookCents: quote.costPerBookCents,
      discountCents: quote.discount?.amountCents ?? 0,
      lineTotalCents: quote.totalCents,
      gramsPerCopy,
      digital: product.digital,
      updatedAt: stamp(row.updated_at),
    };
  }

  /**
   * The cart from the server's records: the user's own live projects, each priced and weighed. An id that is not
   * one of them (unknown, another user's, deleted) is not_found, like any other resource of another user.
   */
  async function priceCart(userId: number, projectIds: readonly number[]): Promise<PricedCart> {
    const ids = [...new Set(projectIds)];
    const rows = await findCartProjects(db, userId, ids);
    if (rows.length !== ids.length) throw new DomainError('not_found', messages.projects.projectNotFound);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines: PricedLine[] = [];
    // In the cart's order, one at a time: the catalog snapshot is shared, so this costs no query per project.
    for (const id of ids) lines.push(await priceProject(byId.get(id) as CartProjectRow));
    const printed = lines.filter((l) => !l.digital);
    return {
      lines,
      subtotalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
      shipment:
        printed.length === 0
          ? null
          : shipmentOf(printed.map((l) => ({ gramsPerCopy: l.gramsPerCopy, quantity: l.quantity }))),
    };
  }

  return { priceCart, estimateShipment };
}

/** Keeps the supported couriers and adds the markup; cheapest first (ties by code). */
export function selectServices(rates: readonly CarrierRate[]): QuotedService[] {
  const supported = rates.filter((r) => SUPPORTED_COURIERS.includes(r.courier));
  if (supported.length === 0) {
    const others = [...new Set(rates.map((r) => r.courier))].sort();
    throw new DomainError('not_found', m.noDhlOrFedexRates, { extra: { available_couriers: others } });
  }
  return supported
    .map((r) => ({ ...r, shippingCents: shippingChargeCents(r.chargeCents) }))
    .sort((a, b) => a.shippingCents - b.shippingCents || (a.code < b.code ? -1 : 1));
}

/** The buyer's rule once, then an amount per service (the rule does not depend on the amount). */
function taxPerAmount(
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
interface ChargedBooks {
  subtotalCents: number;
  discountCents: number;
}

/**
 * The first-print discount a new order of this user gets now: the setting in force, if the user has not used it
 * (read inside the order's transaction, after the user lock, when writing the order).
 */
async function firstPrintFor(
  db: Parameters<typeof firstPrintTaken>[0],
  userId: number,
  setting: FirstPrintDiscount,
  subtotalCents: number,
  superseded: readonly number[] = [],
): Promise<number> {
  if (!setting.enabled) return 0;
  return (await firstPrintTaken(db, userId, superseded)) ? 0 : discountUnder(setting, subtotalCents);
}

function serviceEntry(s: QuotedService, cart?: ChargedBooks & { tax: SalesTax }): ShippingService {
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

/** A repeated identical submission within this window returns the order it already made. */
export const REPEAT_ORDER_WINDOW_MS = 10 * 60 * 1000;

/**
 * What makes two submissions the same order: address, service, items and their amounts, and shipping. Not the
 * total: a repeat of a first order no longer gets the first-print discount (the first took it), yet it is the
 * same order.
 */
function orderFingerprint(args: {
  address: unknown;
  serviceCode: string;
  shippingCents: number;
  items: readonly { projectId: number; quantity: number; lineTotalCents: number }[];
}): string {
  const address = Object.entries(args.address as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  const items = args.items.map((i) => [i.projectId, i.quantity, i.lineTotalCents]);
  return JSON.stringify([address, args.serviceCode, args.shippingCents, items]);
}

/** The id of the user's unpaid order with this fingerprint made within the window, if any. */
async function repeatedOrder(
  trx: Transaction<DB>,
  orders: Pick<OrdersModule, 'itemRowsWithin'>,
  userId: number,
  fingerprint: string,
  now: Date,
): Promise<number | undefined> {
  const candidates = await findRecentUnpaidOrders(
    trx,
    userId,
    new Date(now.getTime() - REPEAT_ORDER_WINDOW_MS),
  );
  if (candidates.length === 0) return undefined;
  const items = await orders.itemRowsWithin(
    trx,
    candidates.map((c) => c.id),
  );
  for (const candidate of candidates) {
    const own = items.filter((i) => i.order_id === candidate.id);
    const service = candidate.shipping_service as { service_code?: unknown };
    const candidateFingerprint = orderFingerprint({
      address: candidate.address,
      serviceCode: String(service.service_code),
      shippingCents: Number(candidate.shipping_cents),
      items: own.map((i) => ({
        projectId: i.project_id,
        quantity: i.quantity,
        lineTotalCents: Number(i.line_total_cents),
      })),
    });
    if (candidateFingerprint === fingerprint) return candidate.id;
  }
  return undefined;
}

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

export type CheckoutModule = ReturnType<typeof createCheckout>;

export function createCheckout(deps: CheckoutDeps) {
  const { db, catalog, carrierRates, clock, orders } = deps;
  const pricing = createCartPricing(deps);

  /**
   * The DHL and FedEx services for a shipment, cheapest first, each with the customer's charge. None → not_found
   * with the couriers that would have gone there (the shop shows them).
   */
  async function quoteServices(
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
  async function certificateStanding(
    buyer: Buyer,
    userId: number | undefined,
  ): Promise<CertificateStanding | undefined> {
    if (userId === undefined || buyer.account_type !== 'enterprise') return undefined;
    if (buyer.country !== SELLER_COUNTRY || !NEXUS_STATES.includes(buyer.state)) return undefined;
    return deps.certificateForState(userId, buyer.state);
  }

  /**
   * POST api/shipping-rate/. Without a cart: an estimate for `quantity` copies of `book` (weighed as checkout will
   * weigh the project), or of a standard book when the page does not know the book yet; tax is shown for the
   * shipping charge alone, as the books are not bought yet. With the cart: every service carries its own tax and
   * total.
   */
  async function shippingRate(body: RateBody, userId: number | undefined): Promise<ShippingRateResponse> {
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
    const services = await quoteServices({ ...body, state: buyer.state }, shipment);

    // The certificate only with the cart: an estimate is anonymous, and its tax is shown on the shipping alone.
    const certificate = cart ? await certificateStanding(buyer, userId) : undefined;
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
  }

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
    const certificate = await certificateStanding({ ...body.user_address, state }, userId);
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
    const services = await quoteServices(address, cart.shipment);
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
      return { id: written.order.id, created: true, superseded };
    });
    // The superseded order can no longer be paid: its Checkout Session expired, its PayPal order closed.
    await orders.afterCommit(saved.superseded);
    return { order: await orders.myOrder(userId, saved.id), created: saved.created };
  }

  return { priceCart: pricing.priceCart, shippingRate, saveShipping };
}
