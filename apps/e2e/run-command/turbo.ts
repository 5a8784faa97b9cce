/**
 * Runs the repository's own turbo (node_modules/.bin/turbo) from the root, as `pnpm start` does, with an
 * environment of the caller's choice on top of this process's own.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const turboBin = resolve(root, 'node_modules/.bin/turbo');
const run = promisify(execFile);

export async function turbo(args: string[], env: Record<string, string> = {}) {
  // turbo runs each task's script with the package manager it finds on PATH, as under `pnpm start`.
  const path = process.env.PATH ?? '';
  if (!path.split(delimiter).some((dir) => existsSync(join(dir, 'pnpm')))) {
    throw new Error(
      'turbo needs pnpm on PATH: run these tests through pnpm (e.g. `pnpm --filter @bindery/e2e test`).',
    );
  }
  const { stdout, stderr } = await run(turboBin, args, {
    cwd: root,
    env: { ...process.env, ...env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout, stderr };
}

interface DryRunTask {
  taskId: string;
  hash: string;
  command: string;
}

/** `turbo run <task> --dry=json`: the hash (cache key) of every task that has a script, by task id. */
export async function taskHashes(task: string, env: Record<string, string>): Promise<Record<string, string>> {
  const { stdout } = await turbo(['run', task, '--dry=json'], env);
  const tasks = (JSON.parse(stdout) as { tasks: DryRunTask[] }).tasks;
  return Object.fromEntries(
    tasks.filter((t) => t.command !== '<NONEXISTENT>').map((t) => [t.taskId, t.hash]),
  );
}
