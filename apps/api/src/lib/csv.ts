/**
 * CSV as spreadsheets and accounting tools read it (RFC 4180): comma-separated, CRLF line ends, a field quoted
 * when it holds a comma, a quote or a line break (quotes doubled). A text that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe: customers choose their
 * names and book titles (OWASP, "CSV Injection"). Numbers are written as they are.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
