import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', 12.5, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",12.5,\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, not numbers', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const start of ['+1', '-2', '@SUM(A1)', '\tx']) expect(csvField(start)).toBe(`'${start}`);
    expect(csvField(-2)).toBe('-2');
  });
});
