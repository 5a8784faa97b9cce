import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase, dropDatabase, findPgBin, startPostgres, type PgServer } from './index.js';

const hasPg = Boolean(findPgBin());

describe.runIf(hasPg)('startPostgres', () => {
  let server: PgServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    // beforeAll may have failed before the server existed.
    await (server as PgServer | undefined)?.stop();
  });

  it('serves a real PostgreSQL on loopback and clones databases from a template', async () => {
    expect(server.host).toBe('127.0.0.1');
    const tplUrl = await createDatabase(server, 'tpl_one');
    const tpl = new pg.Client({ connectionString: tplUrl });
    await tpl.connect();
    await tpl.query('CREATE TABLE marker (v int); INSERT INTO marker VALUES (42)');
    const version = await tpl.query<{ server_version_num: string }>('SHOW server_version_num');
    expect(Number(version.rows[0]?.server_version_num)).toBeGreaterThanOrEqual(130000);
    await tpl.end();

    const cloneUrl = await createDatabase(server, 'clone_one', 'tpl_one');
    const clone = new pg.Client({ connectionString: cloneUrl });
    await clone.connect();
    const { rows } = await clone.query<{ v: number }>('SELECT v FROM marker');
    expect(rows).toEqual([{ v: 42 }]);
    await clone.end();
    // A session still open is waited for, then terminated, and the database is gone.
    const lingering = new pg.Client({ connectionString: cloneUrl });
    await lingering.connect();
    lingering.on('error', () => undefined);
    await dropDatabase(server, 'clone_one', 200);
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    const left = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'clone_one'");
    await admin.end();
    expect(left.rowCount).toBe(0);
    await expect(createDatabase(server, 'bad name; drop')).rejects.toThrow(/Unsafe database name/);
  });

  it('halts and resumes on the same port with the same data', async () => {
    const url = await createDatabase(server, 'kept');
    const before = new pg.Client({ connectionString: url });
    await before.connect();
    await before.query('CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)');
    const ended = new Promise<unknown>((resolve) => before.on('error', resolve));
    await server.halt();
    // The open session was ended by the shutdown (57P01), and nothing listens on the port now.
    expect(await ended).toMatchObject({ code: '57P01' });
    const refused = new pg.Client({ connectionString: url });
    await expect(refused.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await server.resume();
    const after = new pg.Client({ connectionString: url });
    await after.connect();
    const { rows } = await after.query<{ v: number }>('SELECT v FROM kept');
    await after.end();
    expect(rows).toEqual([{ v: 7 }]);
  });
});
