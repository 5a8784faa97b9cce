/**
 * Pages and sizes as the print preflight speaks of them (docs/decisions/0060, 0070): page runs, points, the trim
 * with or without bleed. Shared by the report's checks (preflight.ts, preflight-content.ts).
 */
import { z } from 'zod';

/** A run of pages, first and last (1-based, inclusive). */
export const PageRange = z.tuple([z.number().int().positive(), z.number().int().positive()]);
export type PageRange = z.infer<typeof PageRange>;

/** A trim size as the check needs it: its name and exact size in micrometres (an inch is 25,400 µm). */
export interface PreflightTrim {
  readonly name: string;
  readonly widthUm: number;
  readonly heightUm: number;
}

/** A page may differ from the trim (or the trim with bleed) by this much in each direction. */
export const PAGE_SIZE_TOLERANCE_PT = 1;
/** Bleed on each side of a full-bleed page: 0.125 in. */
export const PAGE_BLEED_PT = 9;

export const ptOf = (um: number) => (um * 72) / 25_400;
/** Half up, to `places` decimals (a tiny nudge so 234.95 from 666 × 25.4 / 72 is not 234.9499… rounded down). */
export const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f + 1e-7) / f;
};

/** "6 × 9 in (152.4 × 228.6 mm)": what a customer's layout program shows. */
export function formatPageSize(widthPt: number, heightPt: number): string {
  const inch = (pt: number) => String(round(pt / 72, 2));
  const mm = (pt: number) => String(round((pt * 25.4) / 72, 1));
  return `${inch(widthPt)} × ${inch(heightPt)} in (${mm(widthPt)} × ${mm(heightPt)} mm)`;
}

export const pageCount = (ranges: readonly PageRange[]) => ranges.reduce((n, [a, b]) => n + b - a + 1, 0);

/** "pages 1–3, 7" / "page 4". */
export function formatPages(ranges: readonly PageRange[]): string {
  const count = pageCount(ranges);
  const text = ranges.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join(', ');
  return `${count === 1 ? 'page' : 'pages'} ${text}`;
}

export const near = (a: number, b: number) => Math.abs(a - b) <= PAGE_SIZE_TOLERANCE_PT;

/** How a page of this size fits the trim: as it is, with bleed, or not at all. */
export function pageFit(widthPt: number, heightPt: number, trim: PreflightTrim): 'trim' | 'bleed' | null {
  const w = ptOf(trim.widthUm);
  const h = ptOf(trim.heightUm);
  if (near(widthPt, w) && near(heightPt, h)) return 'trim';
  if (near(widthPt, w + 2 * PAGE_BLEED_PT) && near(heightPt, h + 2 * PAGE_BLEED_PT)) return 'bleed';
  return null;
}

/** Sorted, merged ranges. */
export function mergeRanges(ranges: readonly PageRange[]): PageRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: PageRange[] = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
