/**
 * The e-book (docs/decisions/0034):
 * - catalog_items may hold the 'ebook' category and its one 'flat_fee' item (seeded at start by
 *   @bindery/pricing/seed, like every other price): the two check constraints of 2026_11_21_114500_catalog widen;
 * - an order with nothing to ship (weight 0: e-books alone) is delivered at payment without carrier or tracking
 *   number; every other shipped or delivered order still needs both (2026_11_23_212300_order_lifecycle).
 * No row changes. Frozen: the lists below are copied, not imported.
 */
import { sql, type Kysely } from 'kysely';

const CATEGORIES = ['calculator', 'photobook', 'magazine', 'yearbook', 'calender', 'comicbook', 'pricing'];
const KINDS = [
  'trim_size',
  'binding',
  'interior_color',
  'paper_type',
  'cover_finish',
  'spine',
  'exterior_color',
  'foil_stamping',
  'screen_stamping',
  'corner_protector',
];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

async function constrain(db: Kysely<any>, categories: string[], kinds: string[]): Promise<void> {
  await sql`alter table catalog_items drop constraint catalog_items_category_check`.execute(db);
  await sql`alter table catalog_items drop constraint catalog_items_kind_check`.execute(db);
  await sql`alter table catalog_items add constraint catalog_items_category_check check (category in (${list(categories)}))`.execute(
    db,
  );
  await sql`alter table catalog_items add constraint catalog_items_kind_check check (kind in (${list(kinds)}))`.execute(
    db,
  );
}

const TRACKED = sql`(carrier is not null and tracking_number is not null)`;

async function tracking(db: Kysely<any>, rule: ReturnType<typeof sql>): Promise<void> {
  await sql`alter table orders drop constraint orders_shipped_tracking_check`.execute(db);
  await sql`alter table orders add constraint orders_shipped_tracking_check check (${rule})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await constrain(db, [...CATEGORIES, 'ebook'], [...KINDS, 'flat_fee']);
  await tracking(
    db,
    sql`status not in ('shipped', 'delivered') or ${TRACKED} or (status = 'delivered' and weight_grams = 0)`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await tracking(db, sql`status not in ('shipped', 'delivered') or ${TRACKED}`);
  await sql`delete from catalog_price_changes where category = 'ebook'`.execute(db);
  await sql`delete from catalog_items where category = 'ebook'`.execute(db);
  await constrain(db, CATEGORIES, KINDS);
}
