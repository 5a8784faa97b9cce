/**
 * The cart and the estimate's parcel, priced and weighed from the server's own records (docs/decisions/0013, 0039):
 * each project priced again from the catalog in integer cents, weighed from its catalog choices; the services the
 * shop sells for a parcel (DHL and FedEx, with the markup; one free digital delivery when nothing is shipped,
 * docs/decisions/0034); a US state checked and kept as its code. `createCartPricing({ db, catalog })` lets a job or
 * a script price a cart with a Kysely instance and the catalog module built on it (docs/decisions/0018).
 */
import { messages } from '@bindery/contracts/messages';
import type { EstimateBook, SaveShippingBody, ShippingRateBody } from '@bindery/contracts/store/checkout';
import type { z } from 'zod';
import { copyWeightGrams, shipmentOf, type CarrierRate, type Shipment } from '@bindery/pricing/carrier-rates';
import { PROOF_QUANTITY } from '@bindery/pricing/discounts';
import { productByName, type ProductDefinition } from '@bindery/pricing/products';
import { shippingChargeCents } from '@bindery/pricing/shipping';
import { usStateCode } from '@bindery/pricing/tax';
import { usZipProblem } from '@bindery/contracts/us-zip';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import type { CatalogModule } from '../catalog/catalog.service.js';
import { iso as stamp } from '../orders/order-views.js';
import { findCartProjects, type CartProjectRow } from './checkout.repository.js';

const m = messages.checkout;

/** The couriers the shop offers (docs/spec/customer-journey.md §9: "Supported carriers: DHL and FedEx"). */
export const SUPPORTED_COURIERS: readonly string[] = ['DHL', 'FedEx'];

/** Bodies as the route receives them: parsed by the contract (defaults filled in, codes upper-cased). */
export type RateBody = z.output<typeof ShippingRateBody>;
export type SaveBody = z.output<typeof SaveShippingBody>;
export type Destination = Pick<RateBody, 'country' | 'state' | 'city' | 'postal_code'>;
export type Buyer = Pick<RateBody, 'country' | 'state' | 'account_type'>;

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
  /** A proof copy (docs/decisions/0078): one copy at the single-copy price, printed "PROOF — not for resale". */
  readonly proof: boolean;
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
export const DIGITAL_DELIVERY: QuotedService = {
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
    const proof = row.proof_of !== null;
    if (proof && product.digital) throw new DomainError('invalid', messages.proofs.notForEbook);
    const result = await catalog.priceInCents(product.slug, {
      ...configuration,
      page_count: row.page_count,
      // A proof is one copy whatever its row says (the row's CHECK says so too): the single-copy price (ADR 0078).
      quantity: proof ? PROOF_QUANTITY : row.quantity,
    });
    if (!result.ok) {
      throw new DomainError('invalid', m.projectCannotBePriced(row.title, result.error), {
        code: 'INVALID_CONFIGURATION',
      });
    }
    const { quote, printedPageCount } = result.value;
    if (proof && quote.discount !== null)
      throw new Error('A proof copy is priced without bulk tiers (ADR 0078)');
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
      proof,
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
