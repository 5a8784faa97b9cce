/**
 * GET /api/config: the public URLs the SPAs need at run time (no per-deployment SPA builds), the payment methods and
 * whether they are Bindery's own test servers (docs/decisions/0028), and the first-print discount in force (the home
 * page's promise; docs/decisions/0033), read from the catalog snapshot; the merchant a receipt names (0058).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configRoute } from '@bindery/contracts/store/config';
import { firstPrintPromo } from '@bindery/pricing/first-print';
import { contractRoute } from '#lib/contract-route.js';

const config: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, configRoute, async () => {
    const firstPrint = await app.catalog.firstPrint();
    return {
      web_url: app.config.webUrl,
      admin_url: app.config.adminUrl,
      api_url: app.config.apiUrl,
      brand: 'Bindery',
      merchant: app.config.merchant,
      payments: {
        card: Boolean(app.config.payments.stripe),
        paypal: Boolean(app.config.payments.paypal),
        test_mode: app.config.payments.mode === 'test',
      },
      first_print_discount: {
        enabled: firstPrint.enabled,
        rate_basis_points: firstPrint.rateBasisPoints,
        text: firstPrintPromo(firstPrint.rateBasisPoints),
      },
    };
  });
};

export default config;
