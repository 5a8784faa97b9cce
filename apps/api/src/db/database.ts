/**
 * The database's table types for Kysely, kept by hand beside the migrations (one interface per table).
 * Rows never leave the repositories: services map them to contract shapes.
 * @see https://kysely.dev/docs/getting-started#types
 */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  is_verified: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Bumped by a password change or a deletion; access tokens carrying an older value are refused. */
  token_version: Generated<number>;
  /** Set when the account was deleted (the row stays, anonymised). */
  deleted_at: Timestamp | null;
  last_login_at: Timestamp | null;
}

/** One issued refresh token (hashed). A login starts a family; refreshes extend it. */
export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** Every priced item of every category's catalog (migration 2026_11_21_114500_catalog). */
export interface CatalogItemsTable {
  id: Generated<number>;
  category: string;
  kind: string;
  code: string;
  name: string;
  /** numeric(9,4) as an exact decimal string ("1.9100"): the price or the price per page. */
  price: ColumnType<string, string | undefined, string>;
  binding_style: string | null;
  trim_size_id: number | null;
  dimensions: string | null;
  width_mm: string | null;
  height_mm: string | null;
  sort_order: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** The audit of admin price changes. */
export interface CatalogPriceChangesTable {
  id: Generated<number>;
  item_id: number;
  category: string;
  kind: string;
  field: string;
  old_price: string;
  new_price: string;
  changed_by: number | null;
  changed_at: Generated<Timestamp>;
}

/** One row (id 1): the catalog version, bumped by every change. */
export interface CatalogStateTable {
  id: number;
  version: ColumnType<number, number | undefined, number>;
}

export interface DB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  catalog_items: CatalogItemsTable;
  catalog_price_changes: CatalogPriceChangesTable;
  catalog_state: CatalogStateTable;
}
