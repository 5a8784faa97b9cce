/**
 * Runs once per `vitest run`: starts a throw-away PostgreSQL server (the test command starts it itself),
 * builds a template database that is migrated and seeded exactly as a real start-up does, and hands its
 * coordinates to the test files, which clone it per file (test/helper.ts).
 * Only where no PostgreSQL server binaries exist does it fall back to PGlite, loudly.
 * @see kysely example/test/test-context.ts
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { createDatabase, findPgBin, startPostgres, type PgServer } from '@bindery/pg-test';
import { TEMPLATE_DB } from './constants.js';

const here = dirname(fileURLToPath(import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    pg: { mode: 'postgres'; adminUrl: string; urlTemplate: string } | { mode: 'pglite' };
  }
}

let server: PgServer | undefined;
let scratch: string | undefined;

export async function setup(project: TestProject) {
  if (!findPgBin()) {
    console.warn(
      '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
        '!! No PostgreSQL server binaries found (set PG_BIN): API tests fall back to PGlite. !!\n' +
        '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n',
    );
    project.provide('pg', { mode: 'pglite' });
    return;
  }
  server = await startPostgres();
  const url = await createDatabase(server, TEMPLATE_DB);
  scratch = await mkdtemp(join(tmpdir(), 'bindery-api-test-'));
  await promisify(execFile)(
    process.execPath,
    ['--conditions=@bindery/source', '--import', 'tsx', join(here, 'prepare-template.ts'), url, scratch],
    { cwd: join(here, '..') },
  ).catch((error: unknown) => {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`Preparing the template database failed:\n${stderr || message}`);
  });
  project.provide('pg', { mode: 'postgres', adminUrl: server.adminUrl, urlTemplate: server.urlFor('{db}') });
}

export async function teardown() {
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}
