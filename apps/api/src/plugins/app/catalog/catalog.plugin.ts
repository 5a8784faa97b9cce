/**
 * Decorates the app with `catalogCache`, the shared in-memory price list of every category, kept in step with the
 * other API instances (catalog-sync.ts) when the database is PostgreSQL, and `catalog`, the catalog module
 * (catalog.service.ts) built on that cache, and `firstPrint`, the first-print discount's setting as staff change it
 * (first-print.ts: shop_settings, versioned with the prices), and `priceAudit`, the staff's read of every recorded price
 * change and of the prices at a moment (price-audit.ts).
 */
import fp from 'fastify-plugin';
import { CatalogCache } from './catalog-cache.js';
import { startCatalogSync } from './catalog-sync.js';
import { createCatalog, type CatalogModule } from './catalog.service.js';
import { createFirstPrint, type FirstPrintModule } from './first-print.js';
import { createPriceAudit, type PriceAuditModule } from './price-audit.js';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
    catalog: CatalogModule;
    firstPrint: FirstPrintModule;
    priceAudit: PriceAuditModule;
  }
}

export default fp(
  async (app) => {
    const database = app.config.database;
    // On PostgreSQL other instances may change prices: the cache checks versions until LISTEN is up.
    const cache = new CatalogCache(app.db, { listening: database.mode !== 'postgres' });
    app.decorate('catalogCache', cache);
    app.decorate('catalog', createCatalog({ db: app.db, cache }));
    app.decorate('firstPrint', createFirstPrint({ db: app.db, cache }));
    app.decorate('priceAudit', createPriceAudit({ db: app.db }));
    if (database.mode === 'postgres') {
      const sync = startCatalogSync({ url: database.url, db: app.db, cache, log: app.log });
      await sync.ready;
      // Before the db plugin destroys the pool (onClose hooks run in reverse order of registration).
      app.addHook('onClose', async () => sync.stop());
    }
  },
  { name: 'catalog', dependencies: ['config', 'db'] },
);
