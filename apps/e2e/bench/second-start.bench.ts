/**
 * How long the README's run command takes to serve when nothing was changed but runtime settings: `pnpm start`
 * once on some ports (builds if needed, creates the embedded database), stopped, then again on other ports; the
 * second start is timed until the API, the web app, the admin app and the web app's /api proxy all answer.
 * Baseline in the same run: a bare Fastify hello-world process, from spawn to its first answer.
 * Bounded: BENCH_ROUNDS (default 3) second starts, each given at most 120 s. Uses a throw-away DATA_DIR and
 * free loopback ports. Run: `pnpm bench` in apps/e2e (or the root `pnpm bench`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@bindery/pg-test';
import { defined } from '../support/defined.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const limitMs = 120_000;

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
};

/** Polls until every URL answers 2xx; the elapsed seconds since `t0`. */
async function serving(urls: string[], child: ChildProcess, t0: number): Promise<number> {
  const pending = new Set(urls);
  while (pending.size > 0) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before serving`);
    if (performance.now() - t0 > limitMs)
      throw new Error(`not serving after ${limitMs} ms: ${[...pending].join(', ')}`);
    for (const url of [...pending]) if (await answers(url)) pending.delete(url);
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 25));
  }
  return (performance.now() - t0) / 1000;
}

/** Ends a process group as Ctrl-C in the terminal would. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-defined(child.pid, 'the pid of a started process'), 'SIGINT');
  await exited;
}

/** `pnpm start` at the repository root on fresh ports; seconds until everything answers. */
async function pnpmStart(dataDir: string): Promise<number> {
  const [api, web, admin] = [await freePort(), await freePort(), await freePort()];
  const t0 = performance.now();
  const child = spawn('pnpm', ['start'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      API_PORT: String(api),
      WEB_PORT: String(web),
      ADMIN_PORT: String(admin),
      DATA_DIR: dataDir,
      TURBO_TELEMETRY_DISABLED: '1',
    },
  });
  try {
    return await serving(
      [
        `http://127.0.0.1:${api}/api/health`,
        `http://127.0.0.1:${web}/`,
        `http://127.0.0.1:${admin}/`,
        `http://127.0.0.1:${web}/api/health`,
      ],
      child,
      t0,
    );
  } finally {
    await stop(child);
  }
}

/** The yardstick: node starting a bare Fastify hello-world, until it answers. */
async function bareFastify(): Promise<number> {
  const port = await freePort();
  const script = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' }));
    app.listen({ host: '127.0.0.1', port: ${port} });`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', script], {
    cwd: join(root, 'apps/api'),
    detached: true,
    stdio: 'ignore',
  });
  try {
    return await serving([`http://127.0.0.1:${port}/`], child, t0);
  } finally {
    await stop(child);
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'bindery-start-bench-'));
try {
  const first = await pnpmStart(dataDir);
  console.info(`first pnpm start (builds when needed, new embedded database): ${first.toFixed(2)} s`);
  const results: { start: number; bare: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const bare = await bareFastify();
    const start = await pnpmStart(dataDir);
    results.push({ start, bare });
    console.info(
      `  round ${round + 1}: second pnpm start on other ports ${start.toFixed(2)} s | bare Fastify process ${bare.toFixed(2)} s | ratio ${(start / bare).toFixed(1)}`,
    );
  }
  const mid = [...results].sort((a, b) => a.start - b.start)[Math.floor(results.length / 2)];
  if (!mid) throw new Error('no round was measured');
  console.info(
    `median: second pnpm start serving after ${mid.start.toFixed(2)} s (target < 5 s), ${(mid.start / mid.bare).toFixed(1)}× a bare Fastify process start (${mid.bare.toFixed(2)} s)`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
