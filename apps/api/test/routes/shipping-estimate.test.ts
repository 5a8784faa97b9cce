/**
 * One shipping price: the design page's estimate (POST api/shipping-rate/ with the book's category,
 * catalog choices and page count) equals what checkout charges for the project made of that book, to the same
 * address, at the same quantity: for every category that is printed, several page counts and quantities, at home
 * and abroad. Before, the estimate weighed a standard 579 g book per copy whatever was configured (a 24-page
 * coil-bound book: $18.40 estimated against $16.70 charged for one copy, $72.80 against $28.60 for 50).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { PROJECT_CATEGORIES } from '@bindery/contracts/store/projects';
import { PRODUCT_LIST, type ProductDefinition } from '@bindery/pricing/products';
import { insertProject } from '../checkout-fixtures.js';
import { createUser, defined, json, request } from '../helper.js';
import { setupTestApp } from '../helper.js';

const t = setupTestApp();

const TX = { country: 'US', state: 'TX', city: 'Austin', postal_code: '78701' };
const ABROAD = { country: 'DE', state: 'BE', city: 'Berlin', postal_code: '10115' };

type Item = { id: number; name: string; code: string; trim_size_id?: number | null };
type Configuration = Record<string, number>;

const rate = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(t, { method: 'POST', url: '/api/shipping-rate/', payload, headers });

/** The printed categories a customer can design (every project category but the digital e Book). */
const printed = PRODUCT_LIST.filter(
  (p) => (PROJECT_CATEGORIES as readonly string[]).includes(p.name) && !p.digital,
);

/**
 * A complete configuration of `product` that the catalog prices at `pages` pages: the first trim size and the first
 * item of every other required kind, and a binding that allows the page count (the first one, or the one whose
 * code starts with `bindingCode`).
 */
async function configurationFor(product: ProductDefinition, pages: number, bindingCode?: string) {
  const res = await request(t, { method: 'GET', url: `/api/${product.slug}/${product.optionsPath}/` });
  expect(res.statusCode).toBe(200);
  const lists = res.data as Record<string, Item[]>;
  const listOf = (kind: string) => {
    const def = defined(
      product.kinds.find((k) => k.kind === kind),
      `the ${kind} kind of ${product.name}`,
    );
    return def.dropdownKeys.map((key) => lists[key]).find((list) => list !== undefined) ?? [];
  };
  const configuration: Configuration = {};
  for (const def of product.kinds) {
    if (!def.required || def.kind === 'binding') continue;
    configuration[def.bodyField] = defined(listOf(def.kind)[0], `a ${def.kind}`).id;
  }
  const trim = configuration['trim_size_id'];
  const bindings = listOf('binding').filter(
    (b) =>
      (b.trim_size_id === undefined || b.trim_size_id === null || b.trim_size_id === trim) &&
      (bindingCode === undefined || b.code.startsWith(bindingCode)),
  );
  for (const binding of bindings) {
    const body = { ...configuration, binding_id: binding.id, page_count: pages, quantity: 1 };
    const quote = await request(t, { method: 'POST', url: `/api/${product.slug}/calculate/`, payload: body });
    if (quote.statusCode === 200) return { ...configuration, binding_id: binding.id };
  }
  throw new Error(`no ${product.name} binding${bindingCode ? ` ${bindingCode}` : ''} takes ${pages} pages`);
}

/** What the shop's checkout charges to ship this project: the services as the cart's rate lists them. */
async function checkoutRate(auth: Record<string, string>, projectId: number, place: Record<string, string>) {
  const res = await rate({ ...place, project_ids: [projectId] }, auth);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, ShippingRateResponse);
}

async function estimate(book: Record<string, unknown>, quantity: number, place: Record<string, string>) {
  const res = await rate({ ...place, quantity, book });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, ShippingRateResponse);
}

const charges = (r: ShippingRateResponse) => ({
  weight_grams: r.weight_grams,
  shipping_rate: r.shipping_rate,
  service_code: r.service_code,
  services: r.available_services.map((s) => [s.service_code, s.total_charge]),
});

let buyer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  buyer = await createUser(t);
});

describe('POST api/shipping-rate/ with the design page’s book', () => {
  it('covers every printed category', () => {
    expect(printed.map((p) => p.name).sort()).toEqual(
      ['Calender', 'Comic Book', 'Magazine', 'Photo Book', 'Print Book', 'Year Book'].sort(),
    );
  });

  for (const product of printed) {
    it(`${product.name}: the estimate is what checkout charges, at 1, 50 and 500 copies, at home and abroad`, async () => {
      for (const pages of [24, 300]) {
        const configuration = await configurationFor(product, pages);
        const book = { category: product.name, configuration, page_count: pages };
        for (const quantity of [1, 50, 500]) {
          const projectId = await insertProject(t.db, buyer.user.id, {
            category: product.name,
            pageCount: pages,
            quantity,
            configuration,
          });
          for (const place of [TX, ABROAD]) {
            const charged = await checkoutRate(buyer.auth, projectId, place);
            const estimated = await estimate(book, quantity, place);
            expect(
              charges(estimated),
              `${product.name} ${pages} pages × ${quantity} to ${place.country}`,
            ).toEqual(charges(charged));
          }
        }
      }
    });
  }

  it('the issue’s 24-page coil-bound print book: one price, not the standard book’s', async () => {
    const product = defined(
      printed.find((p) => p.name === 'Print Book'),
      'the Print Book',
    );
    const configuration = await configurationFor(product, 24, 'coil');
    for (const quantity of [1, 50]) {
      const projectId = await insertProject(t.db, buyer.user.id, { pageCount: 24, quantity, configuration });
      const charged = await checkoutRate(buyer.auth, projectId, TX);
      const estimated = await estimate(
        { category: 'Print Book', configuration, page_count: 24 },
        quantity,
        TX,
      );
      const standard = await rate({ ...TX, quantity });
      expect(estimated.shipping_rate).toBe(charged.shipping_rate);
      // The old estimate (a standard 6 × 9 in, 200-page book per copy) said more than checkout charges.
      expect(Number(json(standard, ShippingRateResponse).shipping_rate)).toBeGreaterThan(
        Number(charged.shipping_rate),
      );
    }
  });

  it('refuses a book the catalog cannot print, an e Book, and a book together with a cart', async () => {
    const product = defined(
      printed.find((p) => p.name === 'Print Book'),
      'the Print Book',
    );
    const configuration = await configurationFor(product, 40);
    const tooThin = await rate({
      ...TX,
      quantity: 1,
      book: { category: 'Print Book', configuration, page_count: 2 },
    });
    expect(tooThin.statusCode).toBe(400);
    expect(json(tooThin, ErrorBody).code).toBe('INVALID_CONFIGURATION');
    const foreign = await rate({
      ...TX,
      quantity: 1,
      book: { category: 'Calender', configuration, page_count: 40 },
    });
    expect(foreign.statusCode).toBe(400);
    const eBook = await rate({
      ...TX,
      quantity: 1,
      book: { category: 'e Book', configuration, page_count: 40 },
    });
    expect(eBook.statusCode).toBe(400);
    expect(json(eBook, ErrorBody).error).toBe('An e-book is delivered as files: there is nothing to ship.');
    const projectId = await insertProject(t.db, buyer.user.id, { pageCount: 40, configuration });
    const both = await rate(
      { ...TX, project_ids: [projectId], book: { category: 'Print Book', configuration, page_count: 40 } },
      buyer.auth,
    );
    expect(both.statusCode).toBe(400);
  });
});
