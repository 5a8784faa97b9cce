/** Child processes of the benchmark: started with their output counted (or kept for an error), always ended. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { defined } from './defined.js';

export interface Child {
  process: ChildProcess;
  /** Bytes written to stdout so far (the API's log, as the run command's terminal would receive it). */
  stdoutBytes(): number;
  /** The last lines of output, for an error message. */
  tail(): string;
  stop(): Promise<void>;
}

export function start(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let bytes = 0;
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 30) lines.shift();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  createInterface({ input: child.stdout }).on('line', keep);
  createInterface({ input: child.stderr }).on('line', keep);
  return {
    process: child,
    stdoutBytes: () => bytes,
    tail: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The first line of `child`'s output that `parse` accepts (a port announcement), within `timeoutMs`. */
export function firstLine<T>(
  child: Child,
  parse: (line: string) => T | undefined,
  timeoutMs = 60_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start-up line within ${timeoutMs} ms:\n${child.tail()}`)),
      timeoutMs,
    );
    child.process.once('exit', (code) => reject(new Error(`exited (${code}):\n${child.tail()}`)));
    createInterface({ input: defined(child.process.stdout, 'the child’s stdout (spawned with a pipe)') }).on(
      'line',
      (line) => {
        const value = parse(line);
        if (value !== undefined) {
          clearTimeout(timer);
          resolve(value);
        }
      },
    );
  });
}

/** Polls `url` until it answers 2xx (a server that is up), within `timeoutMs`. */
export async function waitUntilUp(url: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${url}: the server exited:\n${child.tail()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${child.tail()}`);
}

/**
 * Resolves once `child` has written nothing for `quietMs` (a server that buffers its log has written it out),
 * within `timeoutMs`.
 */
export async function outputSettled(child: Child, quietMs = 500, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = child.stdoutBytes();
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    const now = child.stdoutBytes();
    if (now !== last) [last, quietSince] = [now, Date.now()];
    else if (Date.now() - quietSince >= quietMs) return;
  }
  throw new Error(`still writing after ${timeoutMs} ms:\n${child.tail()}`);
}
