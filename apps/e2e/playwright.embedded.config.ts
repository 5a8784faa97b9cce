/**
 * The browser tests that depend on the stack, against the embedded default as the README's first command runs
 * Bindery: the API on PGlite under DATA_DIR, no SMTP server (mail is written to DATA_DIR/outbox, where the tests
 * read it), test payment mode (Bindery's own Stripe and PayPal test servers). These are the specs that start the
 * app, write to the database, read mail or pay (support/stacks.ts `STACK_SPECS`); the others (calculators, layout,
 * security headers) read pages whose answers do not depend on the database or the payment mode and run on the
 * PostgreSQL stack only (ADR 0049; README "Test it"). `pnpm test` runs both stacks in one run
 * (playwright.all.config.ts, ADR 0079); this config runs the embedded one alone.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { embeddedProject } from './support/stacks';

export default defineConfig({ ...base, projects: [embeddedProject] });
