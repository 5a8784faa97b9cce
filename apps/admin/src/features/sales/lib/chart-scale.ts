/**
 * The sales chart's arithmetic, apart from its drawing so it can be tested: a "nice" top for the value axis and
 * evenly spread tick and label positions. Values are integer cents; nothing here is money arithmetic that reaches
 * a customer (the figures come from the server).
 */

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ cents at or above `max` (at least $1), so the gridlines fall on round sums. */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 100) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const top = step * magnitude;
    if (top >= max) return Math.round(top);
  }
  return Math.round(10 * magnitude);
}

/** `count` + 1 evenly spaced values from 0 to `top` (the gridlines). */
export const ticks = (top: number, count = 4): number[] =>
  Array.from({ length: count + 1 }, (_, i) => Math.round((top * i) / count));

/** At most `max` indexes spread over `length` items, first and last included (the dates under the bars). */
export function labelIndexes(length: number, max = 6): number[] {
  if (length <= 0) return [];
  if (length <= max) return Array.from({ length }, (_, i) => i);
  const out = new Set<number>();
  for (let i = 0; i < max; i++) out.add(Math.round((i * (length - 1)) / (max - 1)));
  return [...out];
}
