/**
 * The catalogs of all seven categories in ONE generic design (not seven table families):
 * - catalog_items: every priced item (trim sizes, bindings, colours, papers, finishes, extras) of every category,
 *   keyed by (category, kind, code) so seeding is idempotent. `price` holds the item's price or price per page
 *   (which one is the category's rule, in @bindery/pricing/products), exact to 4 decimals.
 * - catalog_price_changes: the audit of every admin price change (who, when, which item, old, new).
 * - catalog_state: one row whose version moves on with every change, so API instances know their cache is stale.
 * Frozen: never import app code here; the lists below are copied, not imported.
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
const BINDING_STYLES = ['perfect_bound', 'coil_bound', 'saddle_stitch', 'case_wrap', 'linen_wrap', 'wire_o'];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in (${list(CATEGORIES)})`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${list(KINDS)})`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // numeric(9,4): 0 to 99,999.9999, the range @bindery/pricing/money accepts; never a float.
    .addColumn('price', sql`numeric(9,4)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price >= 0`),
    )
    .addColumn('binding_style', 'text', (c) => c.check(sql`binding_style in (${list(BINDING_STYLES)})`))
    .addColumn('trim_size_id', 'integer', (c) => c.references('catalog_items.id').onDelete('restrict'))
    .addColumn('dimensions', 'text')
    .addColumn('width_mm', sql`numeric(7,2)`)
    .addColumn('height_mm', sql`numeric(7,2)`)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('catalog_items_category_kind_code_key', ['category', 'kind', 'code'])
    // Bindings, and only bindings, have a style; only bindings belong to a trim; only trims have dimensions.
    .addCheckConstraint(
      'catalog_items_style_only_for_bindings',
      sql`(kind = 'binding') = (binding_style is not null)`,
    )
    .addCheckConstraint('catalog_items_trim_only_for_bindings', sql`trim_size_id is null or kind = 'binding'`)
    .addCheckConstraint(
      'catalog_items_dimensions_only_for_trims',
      sql`(kind = 'trim_size') = (dimensions is not null and width_mm > 0 and height_mm > 0)`,
    )
    .execute();
  await db.schema
    .createIndex('catalog_items_category_sort_idx')
    .on('catalog_items')
    .columns(['category', 'sort_order', 'id'])
    .execute();

  await db.schema
    .createTable('catalog_price_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) => c.notNull().references('catalog_items.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull().check(sql`field in ('price', 'price_per_page')`))
    .addColumn('old_price', sql`numeric(9,4)`, (c) => c.notNull())
    .addColumn('new_price', sql`numeric(9,4)`, (c) => c.notNull())
    // The admin's account; kept even if the account is later deleted (accounts are anonymised, not removed).
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('catalog_price_changes_item_idx')
    .on('catalog_price_changes')
    .columns(['item_id', 'changed_at'])
    .execute();

  await db.schema
    .createTable('catalog_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('catalog_state').values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_state').execute();
  await db.schema.dropTable('catalog_price_changes').execute();
  await db.schema.dropTable('catalog_items').execute();
}
