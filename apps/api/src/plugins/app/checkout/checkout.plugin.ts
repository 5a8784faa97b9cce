/**
 * Decorates the app with `carrierRates`, the source of carrier prices for shipping-rate and save-shipping. Only
 * the built-in table exists today; a live carrier API is another CarrierRates chosen here by config.
 */
import fp from 'fastify-plugin';
import type { CarrierRates } from './carrier-rates.js';
import { tableCarrierRates } from './table-carrier-rates.js';

declare module 'fastify' {
  interface FastifyInstance {
    carrierRates: CarrierRates;
  }
}

export interface CheckoutPluginOptions {
  /** Another rate source (a live carrier API, or a test double of one). */
  carrierRates?: CarrierRates;
}

export default fp<CheckoutPluginOptions>(
  async (app, options) => {
    app.decorate('carrierRates', options.carrierRates ?? tableCarrierRates);
  },
  { name: 'checkout', dependencies: ['config'] },
);
