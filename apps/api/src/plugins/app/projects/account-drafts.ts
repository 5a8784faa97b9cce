/**
 * An account's books and files when the account is deleted (docs/decisions/0074): drafts and their uploads go, the
 * books of orders stay as those orders' record (soft-deleted), and only the files of paid orders are kept. The SQL
 * runs in the deletion's transaction; the bytes are removed after its commit.
 */
import type { Transaction } from 'kysely';
import type { DB } from '#db/database.js';
import type { FileStore } from './file-store.js';
import { retireAccountProjects } from './account-drafts.repository.js';
import { removeStoredFiles } from './project-mapping.js';

export interface AccountDrafts {
  /** In the deletion's transaction: the storage keys to remove once it has committed. */
  retireWithin(trx: Transaction<DB>, userId: number): Promise<string[]>;
  /** After the commit: removes those files (a failure is logged, never thrown). */
  removeFiles(keys: string[]): Promise<void>;
}

export function createAccountDrafts(deps: {
  fileStore: Pick<FileStore, 'remove'>;
  log: { error: (facts: object, message: string) => void };
}): AccountDrafts {
  return {
    retireWithin: retireAccountProjects,
    removeFiles: (keys) => removeStoredFiles(deps.fileStore, deps.log, keys),
  };
}
