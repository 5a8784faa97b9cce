/**
 * Each session belongs to one app (docs/decisions/0052): 'shop' (the web app) or 'admin' (the admin app). Only an
 * admin session acts as staff; each app's refresh cookie renews only sessions of its own app. Sessions opened before
 * this migration become shop sessions (the least authority): staff sign in to the admin app once more.
 * Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('app', 'text', (c) =>
      c
        .notNull()
        .defaultTo('shop')
        .check(sql`app in ('shop', 'admin')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('app').execute();
}
