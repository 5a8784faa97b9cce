/**
 * The staging area of one API instance: DATA_DIR/uploads/.incoming/<uuid>.part, 0700, each file 0600. An upload
 * streams into a .part file; it is moved into the store once checked, or removed on every failure path. What a
 * crash (or a killed process) leaves behind is removed by age — not written to for a while — at start and
 * periodically (projects.plugin.ts), so a file still arriving, or waiting for its inspection, is never taken.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePrivateDir } from '#lib/private-fs.js';

export interface Staging {
  readonly dir: string;
  path(): Promise<string>;
  removeStale(maxAgeMs: number): Promise<number>;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createStaging(dir: string): Staging {
  let ready: Promise<unknown> | undefined;
  // The uploads root and the staging directory, both private (also when an older version made them 0755).
  const ensure = () => (ready ??= ensurePrivateDir(join(dir, '..')).then(() => ensurePrivateDir(dir)));
  return {
    dir,
    async path() {
      await ensure().catch((err: unknown) => {
        ready = undefined;
        throw err;
      });
      return join(dir, `${randomUUID()}.part`);
    },
    async removeStale(maxAgeMs) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if (isMissing(err)) return 0;
        throw err;
      }
      const cutoff = Date.now() - maxAgeMs;
      let removed = 0;
      for (const name of names) {
        const path = join(dir, name);
        try {
          if ((await stat(path)).mtimeMs < cutoff) {
            await rm(path, { force: true, recursive: true });
            removed += 1;
          }
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }
      return removed;
    },
  };
}
