/**
 * The decision records have an index (docs/decisions/README.md, ADR 0049): every record has exactly one row with
 * its number, a link to its file, a date and a status, and the numbers run without gaps or repeats.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const dir = join(root, 'docs/decisions');
const ROW = /^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\) \| (\d{4}-\d{2}-\d{2}) \| (Accepted|Superseded by \d{4}|Proposed|Rejected)[^|]*\|$/;

describe('the decision records', () => {
  const records = readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f)).sort();
  const rows = readFileSync(join(dir, 'README.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\| \d{4} /.test(line));

  it('lists every record once, linked, dated and with a status', () => {
    const parsed = rows.map((line) => ({ line, match: ROW.exec(line) }));
    expect(parsed.filter((r) => !r.match).map((r) => r.line)).toEqual([]);
    expect(parsed.map((r) => r.match?.[2]).sort()).toEqual(records);
  });

  it('numbers the records 0001, 0002, … with no gap or repeat', () => {
    const numbers = records.map((f) => Number(f.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
