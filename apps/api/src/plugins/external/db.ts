/**
 * Decorates the app with `db` (Kysely). Opens the database from config unless one is handed in (tests),
 * migrates it on start, and destroys it on close so the process can exit. The handle the app uses carries the
 * write watch (`app.writes`, db/write-watch.ts): every write made through it is seen, which the lists' count
 * cache relies on (db/count-cache.ts).
 * @see fastify/demo src/plugins/external/knex.ts
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';
import { makeEmbeddedDataPrivate, migrateToLatest, openDatabase } from '#db/connect.js';
import { createWriteWatch, type WriteWatch } from '#db/write-watch.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    /** Which tables this instance has written to, and when (db/write-watch.ts). */
    writes: WriteWatch;
    dbMode: 'embedded' | 'postgres';
  }
}

export interface DbPluginOptions {
  /** An already open database (its owner destroys it, unless `owned`). */
  db?: Kysely<DB>;
  /** The app destroys `db` when it closes (buildApp opened it for the app). */
  owned?: boolean;
}

export default fp<DbPluginOptions>(
  async (app, opts) => {
    const owned = !opts.db || opts.owned === true;
    const opened = opts.db ?? (await openDatabase(app.config.database, { log: app.log }));
    const writes = createWriteWatch();
    // Shares the opened handle's connections; destroying either destroys both.
    const db = opened.withPlugin(writes.plugin);
    app.decorate('db', db);
    app.decorate('writes', writes);
    app.decorate('dbMode', app.config.database.mode);
    const result = await migrateToLatest(db);
    for (const r of result.results ?? []) app.log.info({ migration: r.migrationName }, 'migration applied');
    if (owned) await makeEmbeddedDataPrivate(app.config.database);
    if (owned) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db', dependencies: ['config'] },
);
