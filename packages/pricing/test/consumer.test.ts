/**
 * Another team's project, outside the workspace: the packed tarball (what `pnpm publish` uploads) installed by
 * plain npm into a scratch directory, imported from TypeScript that is type-checked with NodeNext resolution and
 * run by plain Node. It proves the published package resolves to dist/ (JavaScript and declarations), never to
 * src/ or to the workspace (ADR 0062).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'bindery-pricing-consumer-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** pnpm as the test command runs it (npm_execpath), else the README's pinned one through npx. */
function pnpm(args: string[], cwd: string): string {
  const execPath = process.env.npm_execpath;
  if (execPath?.includes('pnpm')) return execFileSync(process.execPath, [execPath, ...args], { cwd, encoding: 'utf8' });
  return execFileSync('npx', ['-y', 'pnpm@10.34.9', ...args], { cwd, encoding: 'utf8' });
}

const consumer = `
import { formatCents } from '@bindery/pricing/money';
import { quote, type QuoteInput } from '@bindery/pricing/quote';
import { spineWidthInches } from '@bindery/pricing/physical';

const input: QuoteInput = {
  lines: [
    { priceUnits: 30_000, perPage: false },
    { priceUnits: 150, perPage: true },
  ],
  pageCount: 100,
  quantity: 120,
};
const result = quote(input);
console.log(JSON.stringify({ total: formatCents(result.totalCents), percent: result.discount?.percent ?? 0, spine: spineWidthInches('perfect_bound', 300) }));
`;

describe('@bindery/pricing installed from its tarball by another project', () => {
  it('type-checks with NodeNext against dist declarations and quotes with plain Node', () => {
    pnpm(['pack', '--pack-destination', scratch], packageDir);
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
    expect(tarball, 'pnpm pack wrote a tarball').toBeDefined();

    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'bookstore', private: true, type: 'module', dependencies: { '@bindery/pricing': `file:./${tarball}` } }),
    );
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: scratch, encoding: 'utf8' });

    writeFileSync(join(scratch, 'index.ts'), consumer);
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, outDir: 'out', skipLibCheck: false, types: [] },
        files: ['index.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const files = execFileSync(process.execPath, [tsc, '-p', '.', '--listFilesOnly'], { cwd: scratch, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.includes('@bindery/pricing'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/node_modules\/@bindery\/pricing\/dist\/[a-z-]+\.d\.ts$/);
    execFileSync(process.execPath, [tsc, '-p', '.'], { cwd: scratch, encoding: 'utf8' });

    const printed = execFileSync(process.execPath, [join(scratch, 'out', 'index.js')], { cwd: scratch, encoding: 'utf8' });
    // $3.00 a book + 100 pages at $0.015 = $4.50; 120 copies, 5 % off: $540.00 − $27.00.
    expect(JSON.parse(printed)).toEqual({ total: '513.00', percent: 5, spine: expect.any(Number) as number });
  }, 120_000);
});
