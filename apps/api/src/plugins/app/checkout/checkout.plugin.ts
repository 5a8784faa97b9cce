/**
 * Decorates the app with `carrierRates`, the source of carrier prices for shipping-rate and save-shipping (only
 * the built-in table exists today; a live carrier API is another CarrierRates chosen here by config), and
 * `checkout`, the checkout module (checkout.service.ts) wired to it.
 */
import fp from 'fastify-plugin';
import { certificateForState } from '../certificates/certificates.service.js';
import type { CarrierRates } from './carrier-rates.js';
import { createCheckout, type CheckoutModule } from './checkout.service.js';
import { tableCarrierRates } from './table-carrier-rates.js';

declare module 'fastify' {
  interface FastifyInstance {
    carrierRates: CarrierRates;
    checkout: CheckoutModule;
  }
}

export interface CheckoutPluginOptions {
  /** Another rate source (a live carrier API, or a test double of one). */
  carrierRates?: CarrierRates;
}

export default fp<CheckoutPluginOptions>(
  async (app, options) => {
    const carrierRates = options.carrierRates ?? tableCarrierRates;
    app.decorate('carrierRates', carrierRates);
    app.decorate(
      'checkout',
      createCheckout({
        db: app.db,
        catalog: app.catalog,
        carrierRates,
        clock: app.clock,
        certificateForState: (userId, state) => certificateForState(app.db, userId, state),
        // The orders plugin is registered after this one (it needs the projects module): looked up when used.
        orders: {
          placeWithin: (...args) => app.orders.placeWithin(...args),
          myOrder: (...args) => app.orders.myOrder(...args),
          cancelUnpaidWithin: (...args) => app.orders.cancelUnpaidWithin(...args),
          afterCommit: (...args) => app.orders.afterCommit(...args),
          itemRowsWithin: (...args) => app.orders.itemRowsWithin(...args),
        },
      }),
    );
  },
  { name: 'checkout', dependencies: ['config', 'db', 'catalog'] },
);
