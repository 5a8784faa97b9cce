/**
 * The embedded file store: files under DATA_DIR/uploads/<key> (0600 in a 0700 directory), staged under
 * DATA_DIR/uploads/.incoming/. Never a public directory: the API serves the files itself, to their owner or an
 * admin. A staged file is moved in with rename(), which is atomic on the same file system, so a stored key always
 * holds a complete, checked file.
 */
import { createReadStream } from 'node:fs';
import { chmod, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE } from '#lib/private-fs.js';
import { checkKey, type FileStore, type StoredFile } from './file-store.js';
import { createStaging } from './staging.js';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalFileStore(root: string): FileStore {
  const staging = createStaging(join(root, '.incoming'));

  return {
    kind: 'local',
    stagingPath: () => staging.path(),

    async put(key, stagedPath) {
      const target = join(root, checkKey(key));
      await chmod(stagedPath, PRIVATE_FILE);
      await rename(stagedPath, target);
    },

    async open(key): Promise<StoredFile | undefined> {
      const path = join(root, checkKey(key));
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        return { stream: createReadStream(path), size: info.size };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async remove(key) {
      await rm(join(root, checkKey(key)), { force: true });
    },

    removeStaleStaging: (maxAgeMs) => staging.removeStale(maxAgeMs),
    close: () => Promise.resolve(),
  };
}
