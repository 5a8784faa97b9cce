/**
 * Shipping, tax and the order (the shop, /shop → /payment). docs/decisions/0013.
 *
 * - POST api/shipping-rate/  ShippingRateBody → ShippingRateResponse. Public for an estimate (`quantity` copies
 *   of `book`, weighed as checkout will weigh it, or of one standard book without it); with `project_ids` (bearer, the caller's own projects) the parcel is the cart's real
 *   books and the answer carries the cart's subtotal and per-service tax and total.
 * - POST api/save-shipping/  SaveShippingBody → OrderResponse (bearer). Creates the order from the server's own
 *   records: the projects' current prices, the re-quoted service, the tax rule. Nothing the browser says about
 *   money is read.
 * - GET  api/orders/{id}/     → OrderResponse (bearer, owner); the order list, lookup, reorder and the sales
 *   overview are in ./orders.ts (docs/decisions/0020).
 *
 * Shipping is charged as the carrier's rate plus the markup of @bindery/pricing/shipping (the spec's doubling),
 * once, on the server. Tax applies to books and shipping together where the rule says so.
 */
import { z } from 'zod';
import { DecimalString, ErrorBody, Id, OrderAmounts } from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { OrderHold } from './order-hold.js';
import { ORDER_ACTORS, ORDER_STATUSES } from '../order-lifecycle.js';
import { usZipProblem } from '../us-zip.js';
import { PDF_MAX_PAGES, PDF_MIN_PAGES, ProjectCategory, ProjectConfiguration } from './projects.js';

const m = messages.checkout;

export const AccountType = z.enum(['individual', 'enterprise']);
export type AccountType = z.infer<typeof AccountType>;

const required = (max: number) =>
  z.string({ error: m.fillAllRequired }).trim().min(1, { error: m.fillAllRequired }).max(max);
const optional = (max: number) => z.string().trim().max(max).optional().default('');

/** ISO 3166-1 alpha-2, trimmed and upper-cased (docs/spec/customer-journey.md §5 Shop rate). */
export const CountryCode = z
  .string({ error: m.fillAddressForRate })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter code (for example US).' });
/** State or region code, trimmed and upper-cased. */
export const StateCode = z
  .string({ error: m.fillAddressForRate })
  .trim()
  .toUpperCase()
  .min(1, { error: m.fillAddressForRate })
  .max(50);

/** Where the rate is for: the four fields of the estimate widget plus the buyer's tax status. */
export const ShippingDestination = z.object({
  country: CountryCode,
  state: StateCode,
  city: z.string({ error: m.fillAddressForRate }).trim().min(1, { error: m.fillAddressForRate }).max(100),
  postal_code: z
    .string({ error: m.fillAddressForRate })
    .trim()
    .min(1, { error: m.fillAddressForRate })
    .max(20),
  account_type: AccountType.default('individual'),
  /**
   * Not read (docs/decisions/0032): the exemption comes from an approved resale certificate on the server, never
   * from the browser. Still accepted so older clients validate; on a saved order's address the server writes its
   * own answer here (true when an approved certificate exempted the order).
   */
  has_resale_cert: z.boolean().default(false),
});

/**
 * A US destination needs a ZIP of 5 digits or ZIP+4 that belongs to its state (us-zip.ts). Applied to what
 * customers send (the rate body, the delivery address), not to stored orders, so an order saved before the rule
 * still reads. A state sent as a name ("Texas") is checked by the API once it has made it a code.
 * (zod: a refined object cannot be `.extend`ed; extend ShippingDestination or Address and refine again.)
 */
export function usZipRule(
  value: { country: string; state: string; postal_code: string },
  ctx: z.RefinementCtx,
): void {
  if (value.country !== 'US') return;
  const problem = usZipProblem(value.state, value.postal_code);
  if (problem === null) return;
  ctx.addIssue({
    code: 'custom',
    path: ['postal_code'],
    message: problem === 'format' ? m.usZipFormat : m.usZipNotInState(value.postal_code, value.state),
  });
}

/**
 * The book an estimate is for (the design page, before the project exists): its category, catalog choices and
 * the PDF's page count. The server weighs it exactly as checkout weighs the project made of it, so the estimate
 * is what checkout will charge for the same quantity and address.
 */
export const EstimateBook = z
  .object({
    category: ProjectCategory,
    configuration: ProjectConfiguration,
    page_count: z.number().int().min(PDF_MIN_PAGES).max(PDF_MAX_PAGES),
  })
  .strict();
export type EstimateBook = z.infer<typeof EstimateBook>;

export const ShippingRateBody = ShippingDestination.extend({
  /** The cart: the caller's own projects (needs a bearer token). */
  project_ids: z.array(Id).min(1).max(100).optional(),
  /** For an estimate without projects: copies of `book`, or of one standard book without it. */
  quantity: z.number().int().positive().max(100_000).optional(),
  /** For an estimate: the book as configured so far (optional, so older clients work). */
  book: EstimateBook.optional(),
})
  .strict()
  .superRefine(usZipRule);
export type ShippingRateBody = z.input<typeof ShippingRateBody>;

/** One way to ship: price already includes the markup; tax/total present when the cart is known. */
export const ShippingService = z.object({
  service_code: z.string(),
  service_name: z.string(),
  courier_name: z.string(),
  total_charge: DecimalString,
  delivery_time: z.string(),
  tax: DecimalString.optional(),
  total: DecimalString.optional(),
});
export type ShippingService = z.infer<typeof ShippingService>;

/** The spec's shipping rate response; the cheapest service fills the top-level fields. */
export const ShippingRateResponse = z.object({
  shipping_rate: DecimalString,
  tax: DecimalString,
  tax_rate: z.string(),
  tax_reason: z.string(),
  account_type: AccountType,
  courier_name: z.string(),
  service_code: z.string(),
  estimated_delivery: z.string(),
  available_services: z.array(ShippingService),
  /**
   * An enterprise buyer shipping to a state where tax is charged: their resale certificate for that state as the
   * server's records say (none, awaiting review, rejected or approved) and the shop's sentence about it
   * (docs/decisions/0032). Absent when no certificate could change the tax.
   */
  resale_certificate: z
    .object({
      state: z.string(),
      status: z.enum(['none', 'pending', 'approved', 'rejected']),
      message: z.string(),
    })
    .optional(),
  /** Books total of the cart (present with project_ids). */
  subtotal: DecimalString.optional(),
  /**
   * With project_ids: the first-print discount this order would get (docs/decisions/0033), "0.00" when none, and
   * its line's label ("First-print discount (10%)"). Each service's tax and total already take it off.
   */
  discount: DecimalString.optional(),
  discount_label: z.string().optional(),
  total: DecimalString.optional(),
  /** 0 when nothing is shipped (a cart of e-books alone). */
  weight_grams: z.number().int().nonnegative(),
});
export type ShippingRateResponse = z.infer<typeof ShippingRateResponse>;

/**
 * The full delivery address (docs/spec/customer-journey.md §3 Address). The phone number is for the carrier: the
 * server requires it when something is shipped and drops it for an order of e-books alone, whose address is only
 * the billing address that sets the tax (docs/decisions/0059).
 */
export const Address = ShippingDestination.extend({
  first_name: required(100),
  last_name: required(100),
  company: optional(150),
  address: required(200),
  apt_floor: optional(100),
  phone_number: z
    .string({ error: m.fillAllRequired })
    .trim()
    .regex(/^[0-9+()\-.\s]{8,20}$/, { error: 'Enter a phone number of 8 to 20 digits.' })
    .optional(),
}).strict();
export type Address = z.infer<typeof Address>;
export type AddressInput = z.input<typeof Address>;
/** An address as a customer sends it: an Address whose US ZIP is well-formed and in its state. */
export const DeliveryAddress = Address.superRefine(usZipRule);

/** POST api/save-shipping/ */
export const SaveShippingBody = z
  .object({
    user_address: DeliveryAddress,
    project_ids: z.array(Id).min(1, { error: m.emptyCart }).max(100),
    selected_service: z.string({ error: m.calculateRateFirst }).min(1, { error: m.calculateRateFirst }),
  })
  .strict();
export type SaveShippingBody = z.input<typeof SaveShippingBody>;

/**
 * Order states: the lifecycle table of ../order-lifecycle.ts (docs/decisions/0020) says which may follow which.
 */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * An e-book's files once its order is paid: API paths (GET, bearer: the order's customer or an admin) serving the
 * interior PDF and the cover as attachments (docs/decisions/0034).
 */
export const OrderItemDownloads = z.object({ pdf: z.string(), cover: z.string().nullable() });
export type OrderItemDownloads = z.infer<typeof OrderItemDownloads>;

/**
 * What was printed, as the book was configured when ordered (docs/decisions/0058): each option by name, the trim
 * with its dimensions ("US Trade — 6 × 9 in"), the page count. Null for an e-book (nothing printed).
 */
export const OrderItemSpecs = z.object({
  trim_size: z.string().nullable(),
  binding: z.string().nullable(),
  paper_type: z.string().nullable(),
  interior_color: z.string().nullable(),
  cover_finish: z.string().nullable(),
  /** Extras by kind label ("Spine": "Round"), for photo book and thesis. */
  extras: z.record(z.string(), z.string()),
  page_count: z.number().int().positive().nullable(),
});
export type OrderItemSpecs = z.infer<typeof OrderItemSpecs>;

/** A proof copy's line (./proofs.ts, docs/decisions/0078). Where it stands: the book it proves, its saved copies (for "Order copies"), and the approval. */
export const OrderItemProof = z.object({
  /** The book this proof is of; null once that book was deleted. */
  book_id: z.number().int().positive().nullable(),
  /** The book's saved copies, the run "Order copies" starts from; null once the book was deleted. */
  copies: z.number().int().positive().nullable(),
  approved_at: z.iso.datetime({ offset: true }).nullable(),
});
export type OrderItemProof = z.infer<typeof OrderItemProof>;

export const OrderItem = z.object({
  project_id: z.number().int().positive(),
  title: z.string(),
  category: z.string(),
  quantity: z.number().int().positive(),
  cost_per_book: DecimalString,
  discount_amount: DecimalString,
  line_total: DecimalString,
  /** Null for a printed book, and for an e-book until its order is paid. */
  downloads: OrderItemDownloads.nullable(),
  specs: OrderItemSpecs.nullable(),
  /** Present on a proof copy only (docs/decisions/0078). */
  proof: OrderItemProof.optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** Who made a move: the system (payments, jobs), staff or the customer; `label` is what a timeline shows. */
export const OrderActor = z.object({
  type: z.enum(ORDER_ACTORS),
  user_id: z.number().int().positive().nullable(),
  label: z.string(),
});
export type OrderActor = z.infer<typeof OrderActor>;

/**
 * One step of the customer's status timeline: the move, when, and the note staff chose to share (notes marked
 * internal never reach the customer). `from` is null for the order being placed.
 */
export const OrderTimelineEntry = z.object({
  from: OrderStatus.nullable(),
  status: OrderStatus,
  at: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/** Money returned to the customer (amount and date; staff's reasons stay in the admin console). */
export const OrderRefundSummary = z.object({
  amount: DecimalString,
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderRefundSummary = z.infer<typeof OrderRefundSummary>;

/**
 * The customer's order. total = subtotal − discount + shipping + tax. `order_number` (BND-000042) is what mails,
 * the order page and the lookup show. Carrier and tracking appear once the order is shipped.
 */
export const Order = z.object({
  id: z.number().int().positive(),
  order_number: z.string(),
  status: OrderStatus,
  currency: z.literal('USD'),
  items: z.array(OrderItem),
  // subtotal, discount (the order's own, first-print; 0.00 when none), shipping, tax, tax_rate, tax_reason, total.
  ...OrderAmounts.shape,
  shipping_service: ShippingService,
  address: Address,
  payment_method: z.enum(['card', 'paypal']).nullable(),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  /** An unpaid order is canceled after this moment (null once paid or closed). */
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  timeline: z.array(OrderTimelineEntry),
  /** Sum of the refunds that went through, and each of them. */
  refunded: DecimalString,
  refunds: z.array(OrderRefundSummary),
  /** What is wrong while the order is on hold, and what to do (docs/decisions/0072); null otherwise. */
  hold: OrderHold.nullable().optional(),
  /** While paid: until then the customer may cancel (refunded in full) or change the address (ADR 0072). */
  cancelable_until: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type Order = z.infer<typeof Order>;

export const OrderResponse = z.object({ order: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;

/** The shop's shipping estimate and the order it creates (apps/api/src/routes/store/checkout). */
export const checkoutRoutes = {
  shippingRate: defineRoute({
    method: 'POST',
    path: '/api/shipping-rate/',
    operationId: 'postShippingRate',
    summary:
      'Shipping services (DHL, FedEx) with tax: an estimate for standard books, or the caller’s cart (project_ids, bearer)',
    tags: ['checkout'],
    // Public for an estimate; naming the cart's projects needs a login (the route checks it).
    access: 'public',
    apiKeyScope: 'catalog:read',
    body: ShippingRateBody,
    responses: { 200: ShippingRateResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  saveShipping: defineRoute({
    method: 'POST',
    path: '/api/save-shipping/',
    operationId: 'postSaveShipping',
    summary: 'Create the order from the cart, the address and the chosen service; priced by the server',
    tags: ['checkout'],
    access: 'customer',
    apiKeyScope: 'orders:write',
    body: SaveShippingBody,
    // 201 a new order; 200 the same order again (a double click is not a second order).
    responses: {
      200: OrderResponse,
      201: OrderResponse,
      400: ErrorBody,
      401: ErrorBody,
      404: ErrorBody,
      409: ErrorBody,
    },
  }),
};
