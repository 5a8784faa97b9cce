/**
 * The in-memory price list of every category, built once from the database and shared by all requests, so a
 * quote costs no query. Each snapshot carries the catalog version it was read at. A snapshot is dropped when
 * this instance changes a price, when another instance announces a newer version (catalog-sync.ts), or when the
 * announcements may have been missed; the next request then reloads it (one load at a time).
 *
 * Announcements only keep the snapshot current while they can arrive. While the instance is not listening (its
 * LISTEN connection is down: a database restart, a failover; or not up yet), a change committed elsewhere would go
 * unnoticed until the slow poll, so each request first reads the version (one indexed one-row query) and reloads
 * when it moved: a stale price is never served, and the cost is paid only while announcements are missing.
 */
import type { Kysely } from 'kysely';
import type {
  BindingItem,
  CatalogItem,
  CatalogOptionsResponse,
  TrimSizeItem,
} from '@bindery/contracts/store/catalog';
import { isBindingStyle, pageRangeFor } from '@bindery/pricing/bindings';
import type { CatalogEntry } from '@bindery/pricing/configuration';
import { DEFAULT_FIRST_PRINT_DISCOUNT, type FirstPrintDiscount } from '@bindery/pricing/first-print';
import { formatPrice, parseDecimal } from '@bindery/pricing/money';
import {
  isCategorySlug,
  kindDefinition,
  PRODUCTS,
  type CategorySlug,
  type ProductDefinition,
} from '@bindery/pricing/products';
import type { DB } from '#db/database.js';
import {
  readCatalogSnapshot,
  readCatalogVersion,
  type CatalogItemRow,
  type ShopSettingsRow,
} from './catalog.repository.js';

/** One catalog item as the domain sees it (never a DB row outside this folder). */
export interface ItemRecord extends CatalogEntry {
  readonly trimCode: string | null;
  readonly trimName: string | null;
  readonly dimensions: string | null;
  readonly widthMm: number | null;
  readonly heightMm: number | null;
}

export type ContractItem = CatalogItem | TrimSizeItem | BindingItem;

export interface CategoryCatalog {
  readonly product: ProductDefinition;
  /** In display order. */
  readonly records: readonly ItemRecord[];
  readonly byId: ReadonlyMap<number, ItemRecord>;
  /** The API shape of each item, built once per snapshot. */
  readonly items: ReadonlyMap<number, ContractItem>;
  /** The dropdowns/options response, built once per snapshot. */
  readonly options: CatalogOptionsResponse;
}

export interface CatalogSnapshot {
  readonly version: number;
  readonly categories: ReadonlyMap<CategorySlug, CategoryCatalog>;
  /** Staff's first-print discount (shop_settings; docs/decisions/0033): versioned with the prices. */
  readonly firstPrint: FirstPrintDiscount;
}

export class CatalogCache {
  #snapshot: CatalogSnapshot | undefined;
  #snapshotGeneration = -1;
  #loading: { generation: number; promise: Promise<CatalogSnapshot> } | undefined;
  /** Bumped by every unconditional invalidation; a load that started before one is not trusted. */
  #generation = 0;
  /** The newest version announced; a snapshot older than this is stale. */
  #wantedVersion = 0;

  /** Announcements of other instances' changes reach this cache (see the file's comment). */
  #listening: boolean;

  /**
   * @param listening whether announcements arrive from the start: true where there is nobody else to announce
   * anything (embedded PGlite, one process); the PostgreSQL sync starts it false and sets it once LISTEN is up.
   */
  constructor(
    private readonly db: Kysely<DB>,
    { listening = true }: { listening?: boolean } = {},
  ) {
    this.#listening = listening;
  }

  /** The current snapshot, (re)loading it first when there is none or it is stale. */
  get(): CatalogSnapshot | Promise<CatalogSnapshot> {
    if (!this.#listening) return this.#checkVersionThenGet();
    const snapshot = this.#snapshot;
    return snapshot && this.#isFresh(snapshot) ? snapshot : this.#refresh();
  }

  /** Whether announcements arrive (catalog-sync.ts: true while its LISTEN connection is up). */
  get listening(): boolean {
    return this.#listening;
  }

  set listening(value: boolean) {
    this.#listening = value;
  }

  /** The version of the snapshot in use (undefined before the first load). */
  get version(): number | undefined {
    return this.#snapshot?.version;
  }

  /**
   * Marks the snapshot stale: with a version (an announcement, or this instance's own commit) when it is older
   * than that version; without one (announcements may have been missed) unconditionally.
   */
  invalidate(version?: number): void {
    if (version === undefined) this.#generation += 1;
    else this.#wantedVersion = Math.max(this.#wantedVersion, version);
  }

  async #checkVersionThenGet(): Promise<CatalogSnapshot> {
    this.invalidate(await readCatalogVersion(this.db));
    const snapshot = this.#snapshot;
    return snapshot && this.#isFresh(snapshot) ? snapshot : this.#refresh();
  }

  #isFresh(snapshot: CatalogSnapshot): boolean {
    return this.#snapshotGeneration === this.#generation && snapshot.version >= this.#wantedVersion;
  }

  async #refresh(): Promise<CatalogSnapshot> {
    // A load that was already running may have read the catalog before the change that made it stale: then
    // load once more. Two rounds always suffice unless changes keep arriving; then the newest read is used.
    let snapshot = await this.#load();
    for (let round = 0; round < 2 && !this.#isFresh(snapshot); round += 1) snapshot = await this.#load();
    return snapshot;
  }

  #load(): Promise<CatalogSnapshot> {
    const generation = this.#generation;
    if (this.#loading?.generation === generation) return this.#loading.promise;
    const promise = readCatalogSnapshot(this.db)
      .then(({ version, rows, settings }) => {
        const snapshot = buildSnapshot(version, rows, settings && firstPrintOf(settings));
        if (!this.#snapshot || snapshot.version >= this.#snapshot.version) {
          this.#snapshot = snapshot;
          this.#snapshotGeneration = generation;
        }
        return this.#snapshot;
      })
      .finally(() => {
        if (this.#loading?.promise === promise) this.#loading = undefined;
      });
    this.#loading = { generation, promise };
    return promise;
  }
}

/** Rows → per-category catalogs with their API shapes. Rows of unknown categories or kinds are skipped. */
/** The settings row as the domain sees it. */
export function firstPrintOf(row: ShopSettingsRow): FirstPrintDiscount {
  return { enabled: row.first_print_discount_enabled, rateBasisPoints: row.first_print_discount_bp };
}

export function buildSnapshot(
  version: number,
  rows: readonly CatalogItemRow[],
  firstPrint: FirstPrintDiscount = DEFAULT_FIRST_PRINT_DISCOUNT,
): CatalogSnapshot {
  const trims = new Map<number, CatalogItemRow>();
  for (const row of rows) if (row.kind === 'trim_size') trims.set(row.id, row);

  const grouped = new Map<CategorySlug, ItemRecord[]>();
  for (const row of rows) {
    if (!isCategorySlug(row.category)) continue;
    const product = PRODUCTS[row.category];
    const record = toRecord(
      product,
      row,
      row.trim_size_id === null ? undefined : trims.get(row.trim_size_id),
    );
    if (!record) continue;
    const records = grouped.get(product.slug) ?? [];
    records.push(record);
    grouped.set(product.slug, records);
  }

  const categories = new Map<CategorySlug, CategoryCatalog>();
  for (const product of Object.values(PRODUCTS)) {
    const records = grouped.get(product.slug) ?? [];
    const items = new Map<number, ContractItem>(records.map((r) => [r.id, contractItem(product, r)]));
    const options: CatalogOptionsResponse = {};
    for (const def of product.kinds) {
      const list = records.filter((r) => r.kind === def.kind).map((r) => items.get(r.id) as ContractItem);
      for (const key of def.dropdownKeys) options[key] = list;
    }
    categories.set(product.slug, {
      product,
      records,
      byId: new Map(records.map((r) => [r.id, r])),
      items,
      options,
    });
  }
  return { version, categories, firstPrint };
}

/** A row of a category as the domain sees it; undefined for a kind the category does not have. */
export function toRecord(
  product: ProductDefinition,
  row: CatalogItemRow,
  trim: CatalogItemRow | undefined,
): ItemRecord | undefined {
  const def = product.kinds.find((k) => k.kind === row.kind);
  if (!def) return undefined;
  return {
    id: row.id,
    kind: def.kind,
    name: row.name,
    priceUnits: parseDecimal(row.price),
    bindingStyle: row.binding_style !== null && isBindingStyle(row.binding_style) ? row.binding_style : null,
    trimSizeId: row.trim_size_id,
    code: row.code,
    trimCode: trim?.code ?? null,
    trimName: trim?.name ?? null,
    dimensions: row.dimensions,
    widthMm: row.width_mm === null ? null : Number(row.width_mm),
    heightMm: row.height_mm === null ? null : Number(row.height_mm),
  };
}

/** An item in the API's shape: exactly one price field, as the category prices its kind. */
export function contractItem(product: ProductDefinition, r: ItemRecord): ContractItem {
  const field = kindDefinition(product, r.kind)?.priceField ?? 'price';
  const base: CatalogItem = {
    id: r.id,
    code: r.code ?? '',
    name: r.name,
    [field]: formatPrice(r.priceUnits),
  };
  if (r.kind === 'trim_size') {
    return { ...base, dimensions: r.dimensions ?? '', width_mm: r.widthMm ?? 0, height_mm: r.heightMm ?? 0 };
  }
  if (r.kind === 'binding') {
    const range = product.hasPageCount && r.bindingStyle ? pageRangeFor(r.bindingStyle, r.trimCode) : null;
    return {
      ...base,
      binding_style: r.bindingStyle ?? '',
      trim_size_id: r.trimSizeId,
      trim_size_name: r.trimName,
      min_pages: range?.min ?? null,
      max_pages: range?.max ?? null,
    };
  }
  return base;
}
