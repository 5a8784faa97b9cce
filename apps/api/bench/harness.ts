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
import { createDatabase, startPostgres } from '@bindery/pg-test';

const here = dirname(fileURLToPath(import.meta.url));

/** Bounded: three alternating rounds of BENCH_SECONDS (default 5) per target, 10 connections. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const rounds = 3;
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
  stop(): Promise<void>;
}

/** Starts PostgreSQL and bench-server.ts (with `extraEnv` for the API); stop() ends both and removes the data. */
export async function startBenchServers(extraEnv?: Record<string, string>): Promise<BenchServers> {
  const pgServer = await startPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), 'bindery-bench-'));
  const databaseUrl = await createDatabase(pgServer, 'bench');
  const child = spawn(
    process.execPath,
    [
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
  try {
    const ports = await new Promise<{ api: number; hello: number }>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{"api"')) resolve(JSON.parse(line));
      });
    });
    return { ports, databaseUrl, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
