/**
 * The two stacks the browser specs run on, as Playwright projects (ADR 0049, one run since ADR 0079):
 * - `postgres`: a throw-away PostgreSQL, SMTP, the API in live payment mode against the fake Stripe and PayPal
 *   (every spec);
 * - `embedded`: the README's run command, `pnpm start` (PGlite under DATA_DIR, mail as files, test payment mode):
 *   only the specs whose outcome depends on the stack, `STACK_SPECS`.
 * support/global-setup.ts starts the stacks of the config's projects (side by side), publishes each one's URLs
 * as `E2E_<STACK>_*`, and support/env.ts reads those of the running test's project.
 */
import type { Project } from '@playwright/test';

export type Stack = 'postgres' | 'embedded';

/** The specs whose outcome depends on the database, the mail transport or the payment mode. */
export const STACK_SPECS = [
  'shell',
  'accounts',
  'drafts',
  'ebook',
  'order-journey',
  'order-lifecycle',
  'one-order',
  'resale-certificates',
  'preflight',
  'on-hold',
];

export const postgresProject: Project = {
  name: 'postgres',
  metadata: { stack: 'postgres' satisfies Stack },
  outputDir: 'test-results/output',
};

export const embeddedProject: Project = {
  name: 'embedded',
  metadata: { stack: 'embedded' satisfies Stack },
  outputDir: 'test-results/output-embedded',
  testMatch: STACK_SPECS.map((name) => `${name}.spec.ts`),
};

/** The stack a project runs on (its metadata), refused when a project names none. */
export function stackOf(project: { name: string; metadata: unknown }): Stack {
  const stack = (project.metadata as { stack?: unknown } | undefined)?.stack;
  if (stack === 'postgres' || stack === 'embedded') return stack;
  throw new Error(`Playwright project "${project.name}" names no stack (metadata.stack: postgres | embedded).`);
}
