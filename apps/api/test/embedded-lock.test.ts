/**
 * One process at a time on an embedded database directory: PGlite takes no lock of its own, and two processes on
 * the same files silently lose each other's writes. The second opener is refused with a clear message; a lock
 * left by a process that no longer runs is taken over; closing the database releases it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/connect.js';
import { DatabaseInUseError, lockDataDir } from '#db/embedded-lock.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const scratch = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bindery-lock-'));
  dirs.push(dir);
  return join(dir, 'pglite');
};

/** The pid of a process that has just exited (so no process runs under it now). */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe('the embedded database lock', () => {
  it('refuses a second open of the same directory until the first is closed', async () => {
    const dataDir = await scratch();
    const db = await openDatabase({ mode: 'embedded', dataDir });
    await sql`create table marker (v int)`.execute(db);
    await expect(openDatabase({ mode: 'embedded', dataDir })).rejects.toThrow(DatabaseInUseError);
    await db.destroy();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ mode: 'embedded', dataDir });
    expect((await sql`select count(*)::int as n from marker`.execute(again)).rows).toEqual([{ n: 0 }]);
    await again.destroy();
  }, 60_000);

  it('refuses a directory another running process holds, naming it', async () => {
    const dataDir = await scratch();
    // The parent of this test worker runs for as long as the test does.
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDir(dataDir)).toThrow(
      `The embedded database in ${dataDir} is in use by process ${process.ppid}.`,
    );
  });

  it('takes over a lock left by a process that no longer runs, or an unreadable one', async () => {
    const dataDir = await scratch();
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname() }));
    lockDataDir(dataDir).release();
    await writeFile(`${dataDir}.lock`, '{"pid":');
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/already open in this process/);
    lock.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
