/**
 * What every load benchmark here shares: its bounds, a throw-away PostgreSQL, and bench-server.ts in a child
 * process (the API on that database, and a bare Fastify route to compare with, in the same run).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, startPostgres } from '@bindery/pg-test';
import { hashPassword } from '#lib/password.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Bounded: BENCH_ROUNDS (default 3) alternating rounds of BENCH_SECONDS (default 5) per target, 10 connections. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
export const connections = 10;

export type Sample = { rps: number; p99: number };

export const fmt = (s: Sample) =>
  `${Math.round(s.rps).toLocaleString('en-US').padStart(7)} req/s  p99 ${s.p99} ms`;

export interface BenchServers {
  ports: { api: number; hello: number };
  /** The API's database, for a benchmark that needs rows of its own (auth.bench.ts: a user). */
  databaseUrl: string;
  /** The server process (to read its memory: uploads-under-load.bench.ts). */
  pid: number;
  /** Bytes the API has logged so far (its stdout, as the run command's terminal would receive them). */
  // Function properties, not methods: the benchmarks destructure them (`const { stop } = …`).
  logBytes: () => number;
  stop: () => Promise<void>;
}

/** The value, or a failure naming what was missing (instead of a `!`). */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}

/** The middle item of `xs` ordered by `by` (the median round); fails on an empty list. */
export function median<T>(xs: readonly T[], by: (x: T) => number): T {
  return defined([...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)], 'at least one round');
}

/** The catalog item named `name` of a dropdowns answer (on `trim`, for per-trim bindings): its id. */
export type DropdownItem = { id: number; name: string; trim_size_id?: number | null };
export const itemId = (o: Record<string, DropdownItem[]>, key: string, name: string, trim?: number) =>
  defined(
    o[key]?.find((i) => i.name === name && (trim === undefined || i.trim_size_id === trim)),
    `${key} ${name} in the dropdowns`,
  ).id;

/**
 * The benchmarks' quote (calculate, uploads under load): the JSON body of a real Print Book configuration read
 * from the seeded dropdowns at `calculatorBase` (…/api/calculator) — US Trade, Perfect Bound, Standard Color,
 * 60# White-Uncoated, Matte, 200 pages, 250 copies (the 5% tier).
 */
export async function printBookQuoteBody(calculatorBase: string): Promise<string> {
  const o = (await (await fetch(`${calculatorBase}/dropdowns/`)).json()) as Record<string, DropdownItem[]>;
  const find = (key: string, name: string, trim?: number) => itemId(o, key, name, trim);
  const trim = find('trim_sizes', 'US Trade');
  return JSON.stringify({
    trim_size_id: trim,
    binding_id: find('bindings', 'Perfect Bound', trim),
    interior_color_id: find('interior_colors', 'Standard Color'),
    paper_type_id: find('paper_types', '60# White-Uncoated'),
    cover_finish_id: find('cover_finishes', 'Matte'),
    page_count: 200,
    quantity: 250,
  });
}

/**
 * BENCH_CPU_PROF=<dir> runs the API under `node --cpu-prof` and writes its profile there when it stops
 * (open it in Chrome DevTools, or summarise it with bench/profile-summary.ts).
 */
const cpuProf = process.env.BENCH_CPU_PROF;

/**
 * Starts PostgreSQL and bench-server.ts (with `extraEnv` for the API); stop() ends both and removes the data.
 * The API logs as the run command's does (LOG_LEVEL info, JSON lines on stdout), so its logging is part of what
 * is measured; the lines are counted and dropped.
 */
export async function startBenchServers(extraEnv?: Record<string, string>): Promise<BenchServers> {
  const pgServer = await startPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), 'bindery-bench-'));
  const databaseUrl = await createDatabase(pgServer, 'bench');
  const child = spawn(
    process.execPath,
    [
      ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []),
      '--conditions=@bindery/source',
      '--import',
      'tsx',
      join(here, 'bench-server.ts'),
      databaseUrl,
      dataDir,
      ...(extraEnv ? [JSON.stringify(extraEnv)] : []),
    ],
    { cwd: join(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await pgServer.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let logged = 0;
  const stdout = defined(child.stdout, "the bench server's stdout (piped)");
  stdout.on('data', (chunk: Buffer) => {
    logged += chunk.length;
  });
  try {
    const ports = await new Promise<{ api: number; hello: number }>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
      createInterface({ input: stdout }).on('line', (line) => {
        if (line.startsWith('{"api"')) resolve(JSON.parse(line) as { api: number; hello: number });
      });
    });
    return {
      ports,
      databaseUrl,
      pid: defined(child.pid, 'the bench server pid'),
      logBytes: () => logged,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A customer inserted directly into the bench database, then logged in for real: their access token. */
export async function benchCustomerToken(databaseUrl: string, apiBase: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await pool.query(
    `INSERT INTO users (email, name, password_hash, is_admin, is_verified) VALUES ($1, 'Bench', $2, false, true)`,
    ['bench@example.test', await hashPassword('Bench-pass-1!')],
  );
  await pool.end();
  const login = await fetch(`${apiBase}/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'Bench-pass-1!' }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { access: string }).access;
}
