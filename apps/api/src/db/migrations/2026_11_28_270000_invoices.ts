/**
 * Invoices and credit notes (docs/decisions/0075). `document_counters` holds one row per series and year whose
 * `last` is raised in the transaction that issues a document: a rollback gives the number back, so numbers have
 * no gap (a PostgreSQL SEQUENCE would lose them). `invoices` keeps every document with the figures copied when it
 * was issued (`document`, JSON), one invoice per order, one credit note per refund. Frozen: never import app code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table document_counters (
      series text not null check (series in ('INV', 'CN')),
      year integer not null check (year between 2000 and 9999),
      last integer not null check (last > 0),
      primary key (series, year)
    )`.execute(db);
  await sql`
    create table invoices (
      id serial primary key,
      kind text not null check (kind in ('invoice', 'credit_note')),
      number text not null unique check (char_length(number) <= 40),
      order_id integer not null references orders (id),
      refund_id integer unique references refunds (id),
      invoice_id integer references invoices (id),
      issued_at timestamptz not null,
      currency text not null,
      total_cents bigint not null check (total_cents >= 0),
      document jsonb not null,
      check ((kind = 'invoice') = (refund_id is null and invoice_id is null))
    )`.execute(db);
  await sql`create unique index invoices_one_per_order on invoices (order_id) where kind = 'invoice'`.execute(
    db,
  );
  await sql`create index invoices_order_idx on invoices (order_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists invoices`.execute(db);
  await sql`drop table if exists document_counters`.execute(db);
}
