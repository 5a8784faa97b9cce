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

export interface DB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
}
