/**
 * The project owns its spec: the two documents the code cites live in docs/spec/, and every mention
 * of them anywhere in the repository names that path, so a reader of the repository can follow each one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
// Spelled without the extension here, so this file does not count as a reference itself.
const SPECS = ['customer-journey', 'calculators-account-admin'].map((name) => `${name}.md`);

describe('references to the spec', () => {
  it('keeps both spec documents in docs/spec/', () => {
    for (const name of SPECS) expect(existsSync(join(root, 'docs/spec', name)), name).toBe(true);
  });

  it('names docs/spec/ wherever a file mentions one of them', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !f.startsWith('docs/spec/') && f !== 'pnpm-lock.yaml' && existsSync(join(root, f)));
    const stray: string[] = [];
    let references = 0;
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const name of SPECS) {
        for (const match of text.matchAll(new RegExp(`[\\w./-]*${name.replace('.', '\\.')}`, 'g'))) {
          references += 1;
          if (match[0] !== `docs/spec/${name}`) stray.push(`${file}: ${match[0]}`);
        }
      }
    }
    expect(stray).toEqual([]);
    expect(references).toBeGreaterThan(50);
  });
});
