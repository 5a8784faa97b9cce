import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(import.meta.dirname, '../../..');

describe('a request no msw handler answers (tooling/vite/dom-test-setup.js)', () => {
  it('fails the test that made it, though the code swallowed the error', () => {
    const run = spawnSync(
      process.execPath,
      [
        join(web, 'node_modules/vitest/vitest.mjs'),
        'run',
        'src/testing/__fixtures__/unhandled-request.fixture.test.ts',
      ],
      {
        cwd: web,
        env: { ...process.env, BINDERY_FIXTURE: 'unhandled-request', CI: 'true' },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(output).toContain('requests no msw handler answered: GET http://localhost');
    expect(output).toContain('/api/no-handler-here/');
    expect(run.status, output).toBe(1);
  });
});
