/**
 * Runs the two browser runs side by side: every spec on the PostgreSQL stack (playwright.config.ts) and the
 * stack-dependent specs on the embedded default (playwright.embedded.config.ts). Each starts its own servers on
 * free ports and writes its own test-results directory, so they share nothing but the machine. A browser test
 * spends much of its time waiting (on the API, the network, rendering), so the two runs overlap on two cores
 * (ADR 0061). Each line is prefixed with its run; the exit code is the first failing run's, else 0.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const runs = [
  { name: 'postgresql', args: ['test'] },
  { name: 'embedded', args: ['test', '-c', 'playwright.embedded.config.ts'] },
];

const results = await Promise.all(
  runs.map(
    ({ name, args }) =>
      new Promise<{ name: string; code: number }>((resolveRun) => {
        const child = spawn('playwright', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
        for (const stream of [child.stdout, child.stderr])
          createInterface({ input: stream }).on('line', (line) => {
            process.stdout.write(`[${name}] ${line}\n`);
          });
        child.on('error', (error) => {
          process.stdout.write(`[${name}] could not start playwright: ${error.message}\n`);
          resolveRun({ name, code: 1 });
        });
        child.on('exit', (code, signal) => {
          resolveRun({ name, code: code ?? (signal ? 1 : 0) });
        });
      }),
  ),
);
for (const { name, code } of results) process.stdout.write(`[${name}] exit ${code}\n`);
process.exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
