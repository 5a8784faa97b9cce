/**
 * GET api/admin/shipping/ (admins only: 401 without a token, 403 for customers; docs/decisions/0030): the shipping
 * services and the rate table checkout quotes from, with the markup, the zones, the parcel rules and worked
 * examples. Path, schemas and names: packages/contracts/src/admin/shipping.ts (adminShippingRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminShippingRoutes } from '@bindery/contracts/admin/shipping';
import { contractRoute } from '#lib/contract-route.js';
import { shippingTable } from '#plugins/app/checkout/shipping-table.js';

const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminShippingRoutes.table, async () => shippingTable(app.carrierRates.services));
};

export default shippingRoutes;
