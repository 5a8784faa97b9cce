/**
 * Every admin route, in one encapsulated plugin that applies `app.requireAdmin` once
 * (docs/decisions/0040-admin-by-construction.md): a route registered inside it is staff-only whether or not its own
 * module remembers to say so, and a route outside it cannot be, since nothing else adds the hook. The modules keep
 * the spec's paths as they are (api/users/admin/users/, api/book/all-orders/, api/{slug}/{kind}/{id}/update/, …):
 * the plugin has no prefix, the tree is the folder, not a URL. Each route is registered from its object in
 * packages/contracts/src/admin/ (lib/contract-route.ts), which holds its path, schemas and OpenAPI names.
 *
 * Each route inside is marked `config.adminTree` and holds `config.access` 'admin' (stamped if it declared none;
 * any other declaration stops the app at boot): test/admin-by-construction.test.ts holds the route table to
 * "access 'admin' exactly inside this tree" and calls each one anonymous (401) and as a customer (403).
 */
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { PRODUCT_LIST } from '@bindery/pricing/products';
import apiKeys from './api-keys/index.js';
import catalog from './catalog/index.js';
import invoices from './invoices/index.js';
import orders from './orders/index.js';
import payments from './payments/index.js';
import priceChanges from './price-changes/index.js';
import production from './production/index.js';
import promotions from './promotions/index.js';
import resaleCertificates from './resale-certificates/index.js';
import sales from './sales/index.js';
import shipping from './shipping/index.js';
import users from './users/index.js';

/**
 * The admin tree's onRoute: marks the route as inside the tree and holds it to access 'admin' — stamped when the
 * route declares none, and a route that declares another level stops the app at boot (it would be refused to
 * everyone but staff, whatever it says).
 */
export function intoAdminTree(route: RouteOptions): void {
  const access = route.config?.access ?? 'admin';
  if (access !== 'admin') {
    throw new Error(
      `${String(route.method)} ${route.url} is in the admin tree but declares access '${access}'`,
    );
  }
  route.config = { ...route.config, access, adminTree: true };
}

const adminRoutes: FastifyPluginAsync = async (app) => {
  // Encapsulated (no fastify-plugin): the hook runs for the routes registered below and for no other route.
  // onRequest: before the body is even parsed.
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onRoute', intoAdminTree);

  await app.register(users);
  // A customer's API keys (docs/decisions/0076).
  await app.register(apiKeys);
  // The admin's orders; money: refunds and reconciliation of an order, the sales report (docs/decisions/0022).
  await app.register(orders);
  // An order's invoice and credit notes (docs/decisions/0075).
  await app.register(invoices);
  await app.register(payments);
  await app.register(sales);
  // The admin's Shipping page: the rate table in force (docs/decisions/0030).
  await app.register(shipping);
  // Tax exemption: the review of customers' resale certificates (docs/decisions/0032).
  await app.register(resaleCertificates);
  // The first-print discount's switch and rate (docs/decisions/0033).
  await app.register(promotions);
  // The price audit: every recorded price change, and a category's prices at a moment (docs/decisions/0063).
  await app.register(priceChanges);
  // Order notes, the production queue, job tickets and packing slips (docs/decisions/0071).
  await app.register(production);
  // The price editors of each category, at api/{slug}/{kind}/{id}/update/ (the path is the contract's).
  for (const product of PRODUCT_LIST) {
    await app.register(catalog, { product });
  }
};

export default adminRoutes;
