/**
 * A real, throw-away PostgreSQL server for tests.
 *
 * The test command starts it itself: `initdb` into a temporary directory, `pg_ctl start` on a free loopback
 * port with the socket in that directory, and tears it down afterwards. PostgreSQL refuses to run as root,
 * so as root every server command runs through `runuser -u postgres`.
 *
 * Databases for individual test files are cloned from a migrated template (`CREATE DATABASE … TEMPLATE`),
 * which takes milliseconds, so each file gets a private database without re-running migrations.
 * @see https://www.postgresql.org/docs/15/manage-ag-templatedbs.html
 */
import { execFile as execFileCb } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFile = promisify(execFileCb);

export interface PgServer {
  /** postgres://… URL of the `postgres` maintenance database. */
  adminUrl: string;
  host: string;
  port: number;
  /** URL of another database on the same server. */
  urlFor(database: string): string;
  /**
   * Stops the server and keeps its data, as a database restart or outage does: `mode` 'fast' ends every session
   * (clients see 57P01 admin_shutdown), 'immediate' kills them without a word (as a crash does). Resolves once the
   * server is down.
   */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again on the same port with the same data. Resolves once it accepts connections. */
  resume(): Promise<void>;
  /** Stops the server for good and removes its files. */
  stop(): Promise<void>;
}

/** Where the PostgreSQL server binaries are: PG_BIN, else the newest /usr/lib/postgresql/N/bin. */
export function findPgBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN && existsSync(join(env.PG_BIN, 'initdb'))) return env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

async function run(bin: string, args: string[]) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    return await execFile(cmd, argv, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** Start a fresh PostgreSQL server on 127.0.0.1. Throws if no server binaries are installed. */
export interface StartOptions {
  pgBin?: string;
  /**
   * Keep PostgreSQL's durability (fsync, synchronous commit). Off by default: a throw-away server need not
   * survive a crash, and without it CREATE DATABASE and commits are fast. A test that crashes the server
   * (`halt('immediate')`) and then checks that committed work is still there needs it on.
   */
  durable?: boolean;
}

export async function startPostgres(options: StartOptions = {}): Promise<PgServer> {
  const bin = options.pgBin ?? findPgBin();
  if (!bin) throw new Error('No PostgreSQL server binaries found (set PG_BIN).');
  const dir = await mkdtemp(join(tmpdir(), 'bindery-pg-'));
  const dataDir = join(dir, 'data');
  if (isRoot()) {
    // The postgres OS user must own the directory it initialises and writes its socket to.
    const { stdout } = await execFile('id', ['-u', 'postgres']);
    const { stdout: gid } = await execFile('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    await chmod(dir, 0o700);
  }
  await run(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '-A',
    'trust',
  ]);
  const port = await freePort();
  const opts = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-c unix_socket_directories=${dir}`,
    // Durability is pointless for a throw-away test server; this makes CREATE DATABASE and commits fast.
    ...(options.durable ? [] : [`-c fsync=off -c synchronous_commit=off -c full_page_writes=off`]),
    `-c max_connections=200`,
  ].join(' ');
  const pgCtlStart = () =>
    run(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      opts,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  await pgCtlStart();
  const host = '127.0.0.1';
  const urlFor = (database: string) => `postgres://postgres@${host}:${port}/${database}`;
  let stopped = false;
  return {
    adminUrl: urlFor('postgres'),
    host,
    port,
    urlFor,
    async halt(mode = 'fast') {
      await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async resume() {
      await pgCtlStart();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Run one statement on the maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
};

/** Create a database, optionally as a copy of a template database. Returns its URL. */
export async function createDatabase(
  server: Pick<PgServer, 'adminUrl' | 'urlFor'>,
  name: string,
  template?: string,
) {
  await adminQuery(
    server.adminUrl,
    `CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`,
  );
  return server.urlFor(name);
}

/**
 * Drops a database. It first waits (up to `waitMs`) for the database's sessions to end: pg's Pool.end() resolves
 * before its sockets have closed, and terminating a session that is closing makes its client emit an error
 * nobody listens to any more. Only sessions still open after the wait are terminated (WITH (FORCE)).
 */
export async function dropDatabase(server: Pick<PgServer, 'adminUrl'>, name: string, waitMs = 5_000) {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      if (rows[0]?.n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A unique, safe database name for one test file or worker. */
export function uniqueDbName(prefix = 't') {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
