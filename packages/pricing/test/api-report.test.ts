/**
 * The package's public surface and release notes: what other teams import may only change on purpose (ADR 0062).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiReport, REPORT_FILE } from '../scripts/api-report.js';

const packageDir = join(import.meta.dirname, '..');

describe('@bindery/pricing public surface', () => {
  it('equals the committed API report (run `pnpm --filter @bindery/pricing api-report` and add a changeset if intended)', () => {
    expect(apiReport()).toBe(readFileSync(REPORT_FILE, 'utf8'));
  }, 30_000);

  it("has a CHANGELOG entry for the package's version", () => {
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const changelog = readFileSync(join(packageDir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(new RegExp(`^## ${version.replaceAll('.', '\\.')}$`, 'm'));
  });
});
