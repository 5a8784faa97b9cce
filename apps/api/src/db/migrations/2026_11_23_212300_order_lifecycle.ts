/**
 * The order lifecycle (docs/decisions/0020). Frozen: never import app code here.
 * - orders gain a human order number (BND-000042, derived from the id so it can never disagree with it), the
 *   customer's name and e-mail copied at creation (they outlive the account: ADR 0008), an order-level discount,
 *   carrier and tracking, one timestamp per status, and the moment an unpaid order expires;
 * - order_events: one row per move (from, to, who, note, internal), written in the same transaction as the move;
 * - refunds: money given back through the provider that took it (docs/decisions/0022);
 * - payments gain the provider's charge reference, which a refund needs (Stripe PaymentIntent, PayPal capture);
 * - mail_outbox: mails written in the same transaction as the move they announce, sent after commit and retried,
 *   so a crash between the commit and the SMTP call loses no mail;
 * - indexes for the admin's list (newest first, per status, pg_trgm search) and the customer's list.
 * Existing rows are backfilled: snapshot from the account, timestamps and events from what the rows say.
 */
import { sql, type Kysely } from 'kysely';

const STATUSES = sql`('awaiting_payment', 'paid', 'in_production', 'shipped', 'delivered', 'canceled')`;

export async function up(db: Kysely<any>): Promise<void> {
  // pg_trgm ships with PostgreSQL's contrib (Debian's postgresql-15 includes it); PGlite loads it as an extension
  // given to PGlite.create (src/db/connect.ts).
  await sql`create extension if not exists pg_trgm`.execute(db);

  // ------------------------------------------------------------------------------------------------ orders
  await db.schema
    .alterTable('orders')
    .addColumn('order_number', 'text', (c) =>
      c
        .generatedAlwaysAs(
          sql`'BND-' || case when id < 1000000 then lpad(id::text, 6, '0') else id::text end`,
        )
        .stored(),
    )
    .addColumn('customer_email', 'text')
    .addColumn('customer_name', 'text')
    .addColumn('discount_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_cents >= 0`),
    )
    .addColumn('carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('in_production_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('orders_order_number_key')
    .on('orders')
    .column('order_number')
    .unique()
    .execute();

  await sql`
    update orders set customer_email = users.email, customer_name = users.name
    from users where users.id = orders.user_id
  `.execute(db);
  await sql`update orders set canceled_at = updated_at where status = 'canceled'`.execute(db);
  await sql`update orders set expires_at = created_at + interval '24 hours' where status = 'awaiting_payment'`.execute(
    db,
  );
  await sql`alter table orders alter column customer_email set not null, alter column customer_name set not null`.execute(
    db,
  );

  // Every writer should copy the snapshot (the orders module does); this keeps a row without it impossible, for
  // any other writer (a script, a test fixture), by copying it from the account at insert time.
  await sql`
    create function orders_customer_snapshot() returns trigger language plpgsql as $$
    begin
      if new.customer_email is null or new.customer_name is null then
        select coalesce(new.customer_email, u.email), coalesce(new.customer_name, u.name)
          into new.customer_email, new.customer_name
          from users u where u.id = new.user_id;
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger orders_customer_snapshot before insert on orders
    for each row execute function orders_customer_snapshot()
  `.execute(db);

  // Shipping needs a carrier and a tracking number, whoever writes the row.
  await sql`
    alter table orders add constraint orders_shipped_tracking_check
    check (status not in ('shipped', 'delivered') or (carrier is not null and tracking_number is not null))
  `.execute(db);

  // The admin's list: newest first overall and per status (keyset, docs/decisions/0019); the customer's list.
  await sql`create index orders_created_at_id_idx on orders (created_at desc, id desc)`.execute(db);
  await sql`create index orders_status_created_at_id_idx on orders (status, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index orders_user_created_at_id_idx on orders (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await db.schema.dropIndex('orders_user_id_idx').execute();
  // Search (ILIKE '%…%') by order number, customer e-mail or name, book title.
  await sql`create index orders_order_number_trgm_idx on orders using gin (order_number gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index orders_customer_email_trgm_idx on orders using gin (customer_email gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index orders_customer_name_trgm_idx on orders using gin (customer_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index order_items_title_trgm_idx on order_items using gin (title gin_trgm_ops)`.execute(
    db,
  );
  // GET api/book/all-orders/ (the spec's list of submitted projects), keyset-paged too.
  await sql`create index projects_created_at_id_idx on projects (created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  // Expiry and reconciliation look at unpaid orders only.
  await sql`create index orders_awaiting_payment_expires_idx on orders (expires_at) where status = 'awaiting_payment'`.execute(
    db,
  );

  // ------------------------------------------------------------------------------------------------ events
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    /** Null for the order being placed. */
    .addColumn('from_status', 'text', (c) => c.check(sql`from_status in ${STATUSES}`))
    .addColumn('to_status', 'text', (c) => c.notNull().check(sql`to_status in ${STATUSES}`))
    .addColumn('actor_type', 'text', (c) =>
      c.notNull().check(sql`actor_type in ('system', 'staff', 'customer')`),
    )
    /** The person who made the move; null for the system (webhook, jobs). */
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index order_events_order_id_idx on order_events (order_id, id)`.execute(db);

  // What the existing rows say happened.
  await sql`
    insert into order_events (order_id, from_status, to_status, actor_type, actor_user_id, actor_label, created_at)
    select id, null, 'awaiting_payment', 'customer', user_id, customer_name, created_at from orders
  `.execute(db);
  await sql`
    insert into order_events (order_id, from_status, to_status, actor_type, actor_label, created_at)
    select id, 'awaiting_payment', 'paid', 'system', 'Bindery', paid_at from orders where paid_at is not null
  `.execute(db);
  await sql`
    insert into order_events (order_id, from_status, to_status, actor_type, actor_label, note, internal, created_at)
    select id, case when paid_at is null then 'awaiting_payment' else 'paid' end, 'canceled', 'system', 'Bindery',
           'Recorded before order events existed.', true, updated_at
    from orders where status = 'canceled'
  `.execute(db);

  // ------------------------------------------------------------------------------------------------ payments
  await db.schema
    .alterTable('payments')
    /** Stripe PaymentIntent id or PayPal capture id: what a refund is made against. */
    .addColumn('charge_ref', 'text')
    .execute();

  // ------------------------------------------------------------------------------------------------ refunds
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'paypal')`))
    /** The provider's refund id (re_… or the PayPal refund id); null while the provider has not answered. */
    .addColumn('provider_refund_id', 'text', (c) => c.unique())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('actor_type', 'text', (c) =>
      c.notNull().check(sql`actor_type in ('system', 'staff', 'customer')`),
    )
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refunds_order_id_idx').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_payment_id_idx').on('refunds').column('payment_id').execute();

  // ------------------------------------------------------------------------------------------------ mail
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    /** What the mail is (order_paid, order_shipped…), for logs and tests. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** One mail per key (e.g. order 42 shipped): a repeated write of the same mail is ignored. */
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** A sender holds the row until then; a crashed sender's claim runs out and another sends it. */
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index mail_outbox_pending_idx on mail_outbox (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('mail_outbox_order_id_idx').on('mail_outbox').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('payments').dropColumn('charge_ref').execute();
  await db.schema.dropTable('order_events').execute();
  await sql`drop trigger orders_customer_snapshot on orders`.execute(db);
  await sql`drop function orders_customer_snapshot()`.execute(db);
  await db.schema.dropIndex('order_items_title_trgm_idx').execute();
  await db.schema.dropIndex('projects_created_at_id_idx').execute();
  await db.schema.createIndex('orders_user_id_idx').on('orders').column('user_id').execute();
  await sql`drop index orders_user_created_at_id_idx`.execute(db);
  await sql`alter table orders drop constraint orders_shipped_tracking_check`.execute(db);
  await db.schema
    .alterTable('orders')
    .dropColumn('order_number')
    .dropColumn('customer_email')
    .dropColumn('customer_name')
    .dropColumn('discount_cents')
    .dropColumn('carrier')
    .dropColumn('tracking_number')
    .dropColumn('tracking_url')
    .dropColumn('in_production_at')
    .dropColumn('shipped_at')
    .dropColumn('delivered_at')
    .dropColumn('canceled_at')
    .dropColumn('expires_at')
    .execute();
}
