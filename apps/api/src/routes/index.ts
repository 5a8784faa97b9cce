/**
 * Every route module, mounted under /api. Store routes serve customers and visitors; every admin route is
 * registered by the one admin tree (admin/index.ts), which checks the admin role on the server for all of them
 * (plugins/app/auth.ts; docs/decisions/0040). One line per resource.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PRODUCT_LIST } from '@bindery/pricing/products';
import catalog from './store/catalog/index.js';
import checkout from './store/checkout/index.js';
import config from './store/config/index.js';
import cover from './store/cover/index.js';
import health from './store/health/index.js';
import invoices from './store/invoices/index.js';
import orders from './store/orders/index.js';
import payments from './store/payments/index.js';
import projects from './store/projects/index.js';
import resaleCertificates from './store/resale-certificates/index.js';
import users from './store/users/index.js';
import account from './store/account/index.js';
import webhooks from './store/webhooks/index.js';
import admin from './admin/index.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(config);
  await app.register(health);
  await app.register(users);
  // The customer's own account: name, password, open sessions (docs/decisions/0067).
  await app.register(account);
  // The customer's outbound webhooks (docs/decisions/0076).
  await app.register(webhooks);
  // The order journey: projects and uploads, shipping and orders, the customer's orders, payments.
  await app.register(projects);
  await app.register(checkout);
  await app.register(orders);
  // The invoice and credit notes of an order (docs/decisions/0075).
  await app.register(invoices);
  await app.register(payments);
  // Tax exemption: the customer's resale certificates (docs/decisions/0032).
  await app.register(resaleCertificates);
  // One generic catalog module per category, at api/{slug}/ (calculator, photobook, …, pricing).
  for (const product of PRODUCT_LIST) {
    await app.register(catalog, { product, prefix: `/${product.slug}` });
  }
  // The cover of a book: its dimensions and a template PDF (docs/decisions/0055).
  await app.register(cover);
  // Staff only, all of it: users, orders, payments, sales, shipping, resale certificates, promotions, prices.
  await app.register(admin);
};

export default routes;
