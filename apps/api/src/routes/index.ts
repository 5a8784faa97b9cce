/**
 * Every route module, mounted under /api. Store routes serve customers and visitors; admin routes check the
 * admin role on the server (see plugins/app/auth.ts). One line per resource; keep the list sorted.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PRODUCT_LIST } from '@bindery/pricing/products';
import catalog from './store/catalog/index.js';
import checkout from './store/checkout/index.js';
import config from './store/config/index.js';
import health from './store/health/index.js';
import orders from './store/orders/index.js';
import payments from './store/payments/index.js';
import projects from './store/projects/index.js';
import resaleCertificates from './store/resale-certificates/index.js';
import users from './store/users/index.js';
import adminCatalog from './admin/catalog/index.js';
import adminOrders from './admin/orders/index.js';
import adminPayments from './admin/payments/index.js';
import adminPromotions from './admin/promotions/index.js';
import adminResaleCertificates from './admin/resale-certificates/index.js';
import adminSales from './admin/sales/index.js';
import adminShipping from './admin/shipping/index.js';
import adminUsers from './admin/users/index.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(config);
  await app.register(health);
  await app.register(users);
  await app.register(adminUsers);
  // The order journey: projects and uploads, shipping and orders, the customer's orders, payments; the admin's
  // orders.
  await app.register(projects);
  await app.register(checkout);
  await app.register(orders);
  await app.register(payments);
  await app.register(adminOrders);
  // Money: refunds and reconciliation of an order, the sales report (docs/decisions/0022).
  await app.register(adminPayments);
  await app.register(adminSales);
  // The admin's Shipping page: the rate table in force (docs/decisions/0030).
  await app.register(adminShipping);
  // Tax exemption: the customer's resale certificates and the admin's review (docs/decisions/0032).
  await app.register(resaleCertificates);
  await app.register(adminResaleCertificates);
  // The first-print discount's switch and rate (docs/decisions/0033).
  await app.register(adminPromotions);
  // One generic catalog module per category, at api/{slug}/ (calculator, photobook, …, pricing).
  for (const product of PRODUCT_LIST) {
    await app.register(catalog, { product, prefix: `/${product.slug}` });
    await app.register(adminCatalog, { product, prefix: `/${product.slug}` });
  }
};

export default routes;
