/**
 * The embedded default never freezes (ADR 0050): on PGlite (one connection) a request that priced a book inside its
 * transaction, with no price list cached (after every start, after every staff price edit), waited for the
 * connection its own transaction held, and every later request waited behind it. Here the README's run command's
 * database (PGlite under DATA_DIR) saves a book on a cold start, and after each staff price edit saves it again,
 * checks out and reorders; each request must answer within a bound, and GET /api/config still answers after.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { ReorderResponse } from '@bindery/contracts/store/orders';
import { UploadBookResponse } from '@bindery/contracts/store/projects';
import { catalogId, printBookConfiguration } from './checkout-fixtures.js';
import { answered, startEmbeddedApp } from './freeze.js';
import { createUser, json, request, type TestContext } from './helper.js';
import { ADDRESS, payOrder } from './orders-fixtures.js';
import { uploadPdf } from './projects.js';

const t = {} as TestContext;
let frozen = false;

let started: Awaited<ReturnType<typeof startEmbeddedApp>> | undefined;
beforeAll(async () => {
  started = await startEmbeddedApp(t, 'freeze');
}, 120_000);

afterAll(async () => {
  await started?.stop(frozen);
});

/** One request that must answer within the bound; a freeze is remembered so the app is not closed into it. */
async function call(what: string, opts: InjectOptions) {
  try {
    return await answered(what, request(t, opts));
  } catch (error) {
    frozen = true;
    throw error;
  }
}

describe('the embedded default (PGlite, one connection)', () => {
  it('saves, edits, checks out and reorders with a cold price list: on a fresh start and after staff price edits', async () => {
    expect(t.config.database.mode).toBe('embedded');
    const customer = await createUser(t);
    const admin = await createUser(t, { is_admin: true });
    const pdf = await uploadPdf(t, customer.auth, 40);
    // Read from the table, not the catalog routes: those would load the price list and warm the cache.
    const configuration = await printBookConfiguration(t.db);
    const colour = await catalogId(t.db, 'calculator', 'interior_color', 'standard-color');
    expect(t.app.catalogCache.version, 'nothing has read the price list yet').toBeUndefined();
    let pricePerPage = 0.03;
    const staffEditsAPrice = async () => {
      pricePerPage += 0.0001;
      const res = await call('a staff price edit', {
        method: 'PUT',
        url: `/api/calculator/interior-color/${colour}/update/`,
        headers: admin.auth,
        payload: { price_per_page: pricePerPage.toFixed(4) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    // A cold start whose first catalog read is a save.
    const book = {
      title: 'Cold Start',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
      quantity: 2,
    };
    const saved = await call('the first save', {
      method: 'POST',
      url: '/api/book/upload-book/',
      headers: customer.auth,
      payload: book,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const project = json(saved, UploadBookResponse).project;

    // After a price edit: an edit of the book.
    await staffEditsAPrice();
    const edited = await call('a save after a price edit', {
      method: 'POST',
      url: '/api/book/upload-book/',
      headers: customer.auth,
      payload: { ...book, project_id: project.id, quantity: 3 },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // After a price edit: checkout.
    await staffEditsAPrice();
    const checkout = await call('save-shipping after a price edit', {
      method: 'POST',
      url: '/api/save-shipping/',
      headers: customer.auth,
      payload: { user_address: ADDRESS, project_ids: [project.id], selected_service: 'FEDEX_GROUND' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const order = OrderResponse.parse(checkout.data).order;
    await answered('the payment', payOrder(t, order.id));

    // After a price edit: a reorder (priced inside its transaction too).
    await staffEditsAPrice();
    const again = await call('a reorder after a price edit', {
      method: 'POST',
      url: `/api/orders/${order.id}/reorder/`,
      headers: customer.auth,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again, ReorderResponse).projects).toHaveLength(1);

    // And the app still answers everyone else.
    const config = await call('GET /api/config', { method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
  }, 120_000);
});
