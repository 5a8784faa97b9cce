/**
 * Decorates the app with `db` (Kysely). Opens the database from config unless one is handed in (tests),
 * migrates it on start, and destroys it on close so the process can exit.
 * @see fastify/demo src/plugins/external/knex.ts
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';
import { makeEmbeddedDataPrivate, migrateToLatest, openDatabase } from '#db/connect.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
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
    const db = opts.db ?? (await openDatabase(app.config.database, { log: app.log }));
    app.decorate('db', db);
    app.decorate('dbMode', app.config.database.mode);
    const result = await migrateToLatest(db);
    for (const r of result.results ?? []) app.log.info({ migration: r.migrationName }, 'migration applied');
    if (owned) await makeEmbeddedDataPrivate(app.config.database);
    if (owned) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db', dependencies: ['config'] },
);
