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
}

export interface DB {
  users: UsersTable;
}
