/**
 * When a browser test fails, the servers' warnings and errors of this run are printed after the list, so a failure
 * on CI (where test-results/ is not kept) says what the API saw: a provider that did not answer, a 5xx, a refused
 * request. Reads the logs global-setup.ts writes to test-results/servers/<stack>/ (pino JSON lines, level 40 and up).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const logDir = resolve(dirname(fileURLToPath(import.meta.url)), '../test-results/servers');
const WARN_OR_WORSE = /"level":(4|5|6)0\b/;
const LINES_PER_FILE = 40;

/** The warning-or-worse lines of the logs written since `since`, the last few of each file. */
export function serverProblems(dir: string, since: number): string[] {
  let names: string[];
  try {
    // One directory per stack (global-setup.ts): postgres/api.log, embedded/start.log.
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.log'));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).mtimeMs < since) return [];
    const lines = readFileSync(path, 'utf8').split('\n').filter((line) => WARN_OR_WORSE.test(line));
    return lines.slice(-LINES_PER_FILE).map((line) => `${name}: ${line.slice(0, 1_000)}`);
  });
}

export default class ServerLogReporter implements Reporter {
  readonly #started = Date.now();
  #failed = 0;

  onTestEnd(_test: TestCase, result: TestResult) {
    if (result.status === 'failed' || result.status === 'timedOut') this.#failed += 1;
  }

  onEnd() {
    if (this.#failed === 0) return;
    const problems = serverProblems(logDir, this.#started);
    console.info(`\nServer warnings and errors during this run (${problems.length}, from ${logDir}):`);
    for (const line of problems) console.info(line);
  }
}
