/**
 * What `pnpm test` runs: both stacks in ONE Playwright run (ADR 0079): every spec on PostgreSQL, the
 * stack-dependent ones again on the embedded default (support/stacks.ts). The global setup starts the two stacks
 * side by side and the two workers take tests of either project, so neither the second start-up nor the end of
 * the first run (one worker left on the last long spec) waits alone.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { embeddedProject, postgresProject } from './support/stacks';

export default defineConfig({ ...base, projects: [postgresProject, embeddedProject] });
