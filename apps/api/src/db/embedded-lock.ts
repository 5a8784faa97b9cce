/**
 * One process at a time on an embedded (PGlite) database directory.
 *
 * PGlite is PostgreSQL in single-user mode inside this process: it takes no lock on its files, so a second API
 * started on the same DATA_DIR (`pnpm start` twice, `dev` beside `start`) opens the same files and the two
 * silently overwrite each other's pages (checked: each process then misses the other's rows). A lock file
 * beside the data, created atomically, refuses the second opener with a clear message. A lock left by a process
 * that no longer runs (a crash, `kill -9`) is taken over; so is one carrying our own pid, which in a container is
 * the previous run of this same process (pid 1 again), never a live stranger.
 * The check is per host: a directory shared between machines (NFS) is not supported in embedded mode anyway.
 */
import { openSync, closeSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Locks this process holds (a second open in the same process is refused as well). */
const held = new Set<string>();

export class DatabaseInUseError extends Error {}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes `<dir>.lock` for this process, or throws DatabaseInUseError naming the process that holds it. */
export function lockDataDir(dir: string): DataDirLock {
  const path = `${dir.replace(/\/+$/, '')}.lock`;
  if (held.has(path))
    throw new DatabaseInUseError(`The embedded database in ${dir} is already open in this process.`);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      let owner: { pid?: unknown; host?: unknown } = {};
      try {
        owner = JSON.parse(readFileSync(path, 'utf8')) as typeof owner;
      } catch {
        // Unreadable or half-written by a process that died while writing it: stale.
      }
      const pid = typeof owner.pid === 'number' ? owner.pid : undefined;
      const sameHost = owner.host === undefined || owner.host === hostname();
      if (pid !== undefined && pid !== process.pid && (!sameHost || isRunning(pid))) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by process ${pid}${sameHost ? '' : ` on ${String(owner.host)}`}. ` +
            `Stop that process, or give this one another DATA_DIR (or a DATABASE_URL). ` +
            `If no such process runs, delete ${path}.`,
        );
      }
      unlinkSync(path);
    }
  }
  held.add(path);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      held.delete(path);
      try {
        unlinkSync(path);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}
