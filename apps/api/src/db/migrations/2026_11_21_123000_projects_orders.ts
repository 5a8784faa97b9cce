/**
 * Projects, uploads, orders and payments (the order journey; docs/decisions/0012–0014). Frozen: never import app
 * code here.
 * - uploads: a checked file (interior PDF or cover) owned by a user; attached to a project by upload-book,
 *   unattached ones expire after 24 h. The bytes live in the file store under storage_key, never in a public dir.
 * - projects: a customer's book. configuration holds catalog ids; options and price are snapshots for display
 *   (checkout prices again from the catalog).
 * - orders + order_items: what was bought, at the prices the server computed when the order was made; money in
 *   integer cents. An order's items keep the project's title and category as they were.
 * - payments: one row per provider attempt (Stripe Checkout Session, PayPal order); payment_events records each
 *   webhook event id once, so a redelivered event does nothing.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('interior', 'cover')`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('page_count', 'integer')
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attached_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('uploads_user_id_idx').on('uploads').column('user_id').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('product_slug', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'ordered')`),
    )
    .addColumn('page_count', 'integer', (c) => c.notNull().check(sql`page_count > 0`))
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity > 0`),
    )
    .addColumn('configuration', 'jsonb')
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('price', 'jsonb')
    .addColumn('pdf_upload_id', 'uuid', (c) => c.notNull().references('uploads.id'))
    .addColumn('cover_upload_id', 'uuid', (c) => c.references('uploads.id'))
    .addColumn('cover_expert', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** Set when the customer deletes it: the row stays while an order references it. */
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('projects_user_id_idx').on('projects').column('user_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('awaiting_payment')
        .check(
          sql`status in ('awaiting_payment', 'paid', 'in_production', 'shipped', 'delivered', 'canceled')`,
        ),
    )
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('shipping_cents', 'bigint', (c) => c.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('tax_cents', 'bigint', (c) => c.notNull().check(sql`tax_cents >= 0`))
    .addColumn('total_cents', 'bigint', (c) => c.notNull().check(sql`total_cents > 0`))
    /** Tax rate in basis points (825 = 8.25%). */
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('tax_reason', 'text', (c) => c.notNull())
    .addColumn('shipping_service', 'jsonb', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('weight_grams', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.check(sql`payment_method in ('card', 'paypal')`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('orders_user_id_idx').on('orders').column('user_id').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('cost_per_book_cents', 'bigint', (c) => c.notNull())
    .addColumn('discount_cents', 'bigint', (c) => c.notNull())
    .addColumn('line_total_cents', 'bigint', (c) => c.notNull().check(sql`line_total_cents >= 0`))
    .execute();
  await db.schema.createIndex('order_items_order_id_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_project_id_idx').on('order_items').column('project_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'paypal')`))
    /** Stripe Checkout Session id or PayPal order id. */
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(sql`status in ('created', 'completed', 'failed', 'expired')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payments_provider_ref_key', ['provider', 'provider_ref'])
    .execute();
  await db.schema.createIndex('payments_order_id_idx').on('payments').column('order_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_events', 'payments', 'order_items', 'orders', 'projects', 'uploads']) {
    await db.schema.dropTable(table).execute();
  }
}
