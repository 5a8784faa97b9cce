/**
 * The price audit (docs/decisions/0063): the recorded price changes, newest first (keyset-paged, searched by item
 * name, filtered by editor or category), and a category's price list as it stood at a moment, rebuilt from
 * today's prices and the changes since (the price then is the old price of the first change after the moment, or
 * today's when nothing changed since). Reads only; the changes are written by catalog.service's updatePrice.
 */
import { sql, type Kysely } from 'kysely';
import type {
  PriceChange,
  PriceChangeListParams,
  PriceChangeListResponse,
  PricesAtQuery,
  PricesAtResponse,
} from '@bindery/contracts/admin/price-changes';
import { kindDefinition, productBySlug, type OptionKind, type ProductDefinition } from '@bindery/pricing/products';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { cursorTimeOf, decodeCursor, TimeIdCursor, toPage } from '#lib/keyset.js';
import { containsPattern } from '#lib/like-pattern.js';

type ListQuery = PriceChangeListParams;

/** One page of changes, newest first, in the order of the index that serves it (recent, or one editor's). */
export function priceChangesPageQuery(db: Kysely<DB>, query: ListQuery) {
  let q = db
    .selectFrom('catalog_price_changes as c')
    .innerJoin('catalog_items as i', 'i.id', 'c.item_id')
    .leftJoin('users as u', 'u.id', 'c.changed_by')
    .select([
      'c.id',
      'c.category',
      'c.kind',
      'c.item_id',
      'c.field',
      'c.old_price',
      'c.new_price',
      'c.changed_by',
      'i.name as item_name',
      'u.name as editor_name',
      'u.email as editor_email',
    ])
    .select(cursorTimeOf('c.changed_at').as('changed_at'))
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(query.limit + 1);
  if (query.editor !== undefined) q = q.where('c.changed_by', '=', query.editor);
  if (query.category !== undefined) q = q.where('c.category', '=', query.category);
  if (query.q !== undefined) {
    // The catalog is a few hundred items: the matching ids first, then the changes of those items.
    const pattern = containsPattern(query.q);
    q = q.where('c.item_id', 'in', db.selectFrom('catalog_items').select('id').where('name', 'ilike', pattern));
  }
  const after = decodeCursor(query.cursor, TimeIdCursor);
  if (after)
    q = q.where((eb) =>
      eb(eb.refTuple('c.changed_at', 'c.id'), '<', eb.tuple(sql<Date>`${after[0]}::timestamptz`, after[1])),
    );
  return q;
}

function productOf(category: string): ProductDefinition | undefined {
  return productBySlug(category);
}

function kindLabel(product: ProductDefinition | undefined, kind: string): string {
  return (product && kindDefinition(product, kind as OptionKind)?.label) ?? kind;
}

export function createPriceAudit({ db }: { db: Kysely<DB> }) {
  return {
    async changes(query: ListQuery): Promise<PriceChangeListResponse> {
      const rows = await priceChangesPageQuery(db, query).execute();
      const { rows: pageRows, next_cursor } = toPage(rows, query.limit, (row) => [row.changed_at, row.id]);
      const data = pageRows.map((row): PriceChange => {
        const product = productOf(row.category);
        return {
          id: row.id,
          changed_at: row.changed_at,
          category: row.category,
          category_name: product?.displayName ?? row.category,
          kind: row.kind,
          kind_label: kindLabel(product, row.kind),
          item_id: row.item_id,
          item_name: row.item_name,
          field: row.field === 'price_per_page' ? 'price_per_page' : 'price',
          old_price: row.old_price,
          new_price: row.new_price,
          changed_by:
            row.changed_by === null || row.editor_email === null
              ? null
              : { id: row.changed_by, name: row.editor_name ?? '', email: row.editor_email },
        };
      });
      return { data, next_cursor };
    },

    async pricesAt(query: PricesAtQuery): Promise<PricesAtResponse> {
      const product = productOf(query.category);
      if (!product)
        throw new DomainError('not_found', `There is no category '${query.category}'.`, { code: 'NOT_FOUND' });
      const rows = await db
        .selectFrom('catalog_items as i')
        .select(['i.id', 'i.kind', 'i.name', 'i.price as price_now'])
        .select((eb) =>
          eb.fn
            .coalesce(
              eb
                .selectFrom('catalog_price_changes as c')
                .select('c.old_price')
                .whereRef('c.item_id', '=', 'i.id')
                .where('c.changed_at', '>', sql<Date>`${query.at}::timestamptz`)
                .orderBy('c.changed_at', 'asc')
                .orderBy('c.id', 'asc')
                .limit(1),
              'i.price',
            )
            .as('price_then'),
        )
        .where('i.category', '=', query.category)
        .orderBy('i.kind')
        .orderBy('i.sort_order')
        .orderBy('i.id')
        .execute();
      return {
        category: query.category,
        category_name: product.displayName,
        at: query.at,
        items: rows.map((row) => ({
          item_id: row.id,
          kind: row.kind,
          kind_label: kindLabel(product, row.kind),
          name: row.name,
          price_then: row.price_then,
          price_now: row.price_now,
          changed_since: row.price_then !== row.price_now,
        })),
      };
    },
  };
}

export type PriceAuditModule = ReturnType<typeof createPriceAudit>;
