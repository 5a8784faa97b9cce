/**
 * The value, or a failure that names what was missing (ADR 0044): for what the test knows is there (a price the
 * server just quoted, a response Playwright got, a regex group the pattern always fills) instead of a `!` that
 * would fail later as "cannot read properties of undefined".
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
