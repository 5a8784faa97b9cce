/**
 * GET api/admin/shipping/ (admins only: 401 without a token, 403 for customers; docs/decisions/0030): the shipping
 * services and the rate table checkout quotes from, with the markup, the zones, the parcel rules and worked
 * examples.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import { ShippingTableResponse } from '@bindery/contracts/admin/shipping';
import { shippingTable } from '#plugins/app/checkout/shipping-table.js';

const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/shipping',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin: shipping'],
        summary: 'The shipping services and the rate table in force',
        response: { 200: ShippingTableResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => shippingTable(app.carrierRates.services),
  );
};

export default shippingRoutes;
