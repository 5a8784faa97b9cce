/**
 * Files the API keeps are nobody else's business: the embedded database, generated secrets, the mail outbox (live
 * account links) and uploaded books. Directories are created 0700 and files 0600, and what an older version (or a
 * library that ignores modes, like PGlite's file system layer) left more open is tightened at start.
 * mkdir's and open's `mode` are masked by the umask and never change an existing entry: hence the explicit chmod.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates `dir` (and missing parents) and makes it 0700, whether it was there before or not. */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(dir, PRIVATE_DIR);
}

/** Writes a file readable by its owner only (also when it existed with another mode). */
export async function writePrivateFile(path: string, data: string | Uint8Array): Promise<void> {
  await writeFile(path, data, { mode: PRIVATE_FILE });
  await chmod(path, PRIVATE_FILE);
}

/**
 * Makes every directory under `root` (and root) 0700 and every file 0600. Symbolic links are left alone (chmod
 * would follow them out of the tree). Entries that vanish meanwhile are skipped. A few dozen chmods at a time: the
 * embedded database is about a thousand files.
 */
export async function makeTreePrivate(root: string): Promise<void> {
  await chmod(root, PRIVATE_DIR);
  const entries = (await readdir(root, { recursive: true, withFileTypes: true })).filter(
    (e) => e.isDirectory() || e.isFile(),
  );
  const one = async (entry: (typeof entries)[number]) => {
    try {
      await chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  };
  for (let i = 0; i < entries.length; i += 64) await Promise.all(entries.slice(i, i + 64).map(one));
}
