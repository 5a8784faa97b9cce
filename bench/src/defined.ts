/**
 * The value, or a failure that names what was missing (ADR 0044): for what the run knows is there (a seeded row,
 * the first CPU, a measured round) instead of a `!` that would fail later as "cannot read properties of undefined".
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
