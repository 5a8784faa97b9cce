/**
 * Domain modules run without a server (docs/decisions/0018): a job or a script builds a module from a
 * Kysely instance and nothing else (pricing a cart, listing a customer's books) — no Fastify app is built in this file. The database is a private clone of the
 * migrated and seeded template, as in every API test.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import { MyBooksQuery } from '@bindery/contracts/store/projects';
import { seedCatalogs } from '#bootstrap/catalog.js';
import type { DB } from '#db/database.js';
import { migrateToLatest } from '#db/connect.js';
import { isDomainError } from '#lib/domain-error.js';
import { CatalogCache } from '#plugins/app/catalog/catalog-cache.js';
import { createCatalog } from '#plugins/app/catalog/catalog.service.js';
import { createCartPricing } from '#plugins/app/checkout/cart-pricing.js';
import { createProjectReads } from '#plugins/app/projects/projects.service.js';
import { countEveryTime } from '#db/count-cache.js';
import { insertUser } from '#plugins/app/users/users.repository.js';
import { insertProject, printBookConfiguration } from '../checkout-fixtures.js';
import { privateDatabase } from '../helper.js';

let db: Kysely<DB>;
let drop: () => Promise<void>;

const customer = (name: string) =>
  insertUser(db, {
    email: `${name}-${Date.now()}@example.test`,
    name,
    password_hash: 'not used here',
    is_admin: false,
    is_verified: true,
  });

beforeAll(async () => {
  const database = await privateDatabase();
  db = database.db;
  drop = database.drop;
  if (inject('pg').mode === 'pglite') {
    // The PGlite fallback has no template: migrate and seed as a start-up would (what a script does too).
    await migrateToLatest(db);
    await seedCatalogs({ db, catalogCache: new CatalogCache(db) });
  }
});

afterAll(async () => {
  // beforeAll may have failed before the database existed.
  await (db as Kysely<DB> | undefined)?.destroy();
  await (drop as (() => Promise<void>) | undefined)?.();
});

describe('a script prices a cart with a Kysely instance and nothing else', () => {
  it('prices and weighs the customer own books in integer cents, from the server catalog', async () => {
    const buyer = await customer('Buyer');
    const book = await insertProject(db, buyer.id, {
      configuration: await printBookConfiguration(db),
      pageCount: 200,
      quantity: 10,
    });
    const catalog = createCatalog({ db });
    const cart = await createCartPricing({ db, catalog }).priceCart(buyer.id, [book]);

    // 200 pages × (0.03 + 0.01) + 1.71 + 0.10 = 9.81 a copy, 10 copies (no discount below 100).
    expect(cart.lines).toEqual([
      expect.objectContaining({
        projectId: book,
        quantity: 10,
        costPerBookCents: 981,
        discountCents: 0,
        lineTotalCents: 9810,
        digital: false,
      }),
    ]);
    expect(cart.subtotalCents).toBe(9810);
    expect(cart.shipment?.weightGrams).toBeGreaterThan(0);
  });

  it('refuses another customer book with a DomainError (not_found), not an HTTP error', async () => {
    const owner = await customer('Owner');
    const other = await customer('Other');
    const book = await insertProject(db, owner.id, { configuration: await printBookConfiguration(db) });
    const pricing = createCartPricing({ db, catalog: createCatalog({ db }) });
    const refused = await pricing.priceCart(other.id, [book]).catch((err: unknown) => err);
    expect(isDomainError(refused) && refused.kind).toBe('not_found');
  });
});

describe('a script lists a customer books with a Kysely instance and nothing else', () => {
  it('pages the customer own projects, newest first, and names no one else', async () => {
    const reader = await customer('Reader');
    const stranger = await customer('Stranger');
    const first = await insertProject(db, reader.id, {
      title: 'First',
      configuration: await printBookConfiguration(db),
    });
    const second = await insertProject(db, reader.id, { title: 'Second', configuration: null });
    await insertProject(db, stranger.id, { title: 'Not theirs' });
    await insertProject(db, reader.id, { title: 'Deleted', deleted: true });

    const projects = createProjectReads({ db, counts: countEveryTime });
    const page = await projects.listMine(reader.id, MyBooksQuery.parse({ limit: 1 }));
    expect(page.data.map((p) => p.title)).toEqual(['Second']);
    expect(page).toMatchObject({ total: 2, total_projects: 2 });
    const next = await projects.listMine(
      reader.id,
      MyBooksQuery.parse({ limit: 1, cursor: page.next_cursor ?? undefined }),
    );
    expect(next.data.map((p) => p.id)).toEqual([first]);
    expect(next.next_cursor).toBeNull();
    expect((await projects.getMine(reader.id, second)).title).toBe('Second');

    const refused = await projects.getMine(stranger.id, first).catch((err: unknown) => err);
    expect(isDomainError(refused) && refused.kind).toBe('not_found');
  });
});
