/**
 * `%text%` for an ILIKE search of any part of a column: the user's own `%`, `_` and `\` are taken literally
 * (PostgreSQL's default escape character is `\`), so a search for "50%" finds "50%" and not everything.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
