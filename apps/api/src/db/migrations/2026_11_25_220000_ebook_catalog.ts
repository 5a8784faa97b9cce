/**
 * The e-book (issue 13.6, docs/decisions/0034): catalog_items may hold the 'ebook' category and its one 'flat_fee'
 * item (seeded at start by @bindery/pricing/seed, like every other price). Only the two check constraints of
 * 2026_11_21_114500_catalog widen; no row changes. Frozen: the lists below are copied, not imported.
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

export async function up(db: Kysely<any>): Promise<void> {
  await constrain(db, [...CATEGORIES, 'ebook'], [...KINDS, 'flat_fee']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from catalog_price_changes where category = 'ebook'`.execute(db);
  await sql`delete from catalog_items where category = 'ebook'`.execute(db);
  await constrain(db, CATEGORIES, KINDS);
}
