/**
 * Every trim size the catalogs offer, with real dimensions. A trim is named by a stable `code` (what seeding,
 * binding rules and URLs key on) and shown by `name` + `dimensions`. Dimensions are not money, so millimetres
 * as plain numbers are fine here (spine width and weight use them).
 * @see ../../shared/reference/print-industry.md "Product identity" (Lulu names trims by their size)
 */

export const TRIM_CODES = [
  'pocket-book',
  'novella',
  'digest',
  'a5',
  'us-trade',
  'royal',
  'executive',
  'crown-quarto',
  'small-square',
  'a4',
  'square',
  'us-letter',
  'small-landscape',
  'us-letter-landscape',
  'a4-landscape',
  'comic-book',
  'larger-deluxe',
  'manga',
] as const;
export type TrimCode = (typeof TRIM_CODES)[number];

export interface TrimSizeDefinition {
  readonly code: TrimCode;
  readonly name: string;
  /** As printers quote it: "6 x 9 in", "148 x 210 mm". */
  readonly dimensions: string;
  readonly widthMm: number;
  readonly heightMm: number;
  /** Exact width and height in whole micrometres (an inch is 25,400 µm): what cover geometry adds up (cover.ts). */
  readonly widthUm: number;
  readonly heightUm: number;
}

const MM_PER_INCH = 25.4;
const UM_PER_INCH = 25_400;
const inches = (code: TrimCode, name: string, width: number, height: number): TrimSizeDefinition => ({
  code,
  name,
  dimensions: `${width} x ${height} in`,
  widthMm: Math.round(width * MM_PER_INCH * 100) / 100,
  heightMm: Math.round(height * MM_PER_INCH * 100) / 100,
  widthUm: Math.round(width * UM_PER_INCH),
  heightUm: Math.round(height * UM_PER_INCH),
});
const millimetres = (code: TrimCode, name: string, width: number, height: number): TrimSizeDefinition => ({
  code,
  name,
  dimensions: `${width} x ${height} mm`,
  widthMm: width,
  heightMm: height,
  widthUm: width * 1000,
  heightUm: height * 1000,
});

/** Lulu's trims for the print book family, plus the three comic trims of the original seed. */
export const TRIM_SIZES: Readonly<Record<TrimCode, TrimSizeDefinition>> = {
  'pocket-book': inches('pocket-book', 'Pocket Book', 4.25, 6.875),
  novella: inches('novella', 'Novella', 5, 8),
  digest: inches('digest', 'Digest', 5.5, 8.5),
  a5: millimetres('a5', 'A5', 148, 210),
  'us-trade': inches('us-trade', 'US Trade', 6, 9),
  royal: inches('royal', 'Royal', 6.14, 9.21),
  executive: inches('executive', 'Executive', 7, 10),
  'crown-quarto': inches('crown-quarto', 'Crown Quarto', 7.44, 9.68),
  'small-square': inches('small-square', 'Small Square', 7.5, 7.5),
  a4: millimetres('a4', 'A4', 210, 297),
  square: inches('square', 'Square', 8.5, 8.5),
  'us-letter': inches('us-letter', 'US Letter', 8.5, 11),
  'small-landscape': inches('small-landscape', 'Small Landscape', 9, 7),
  'us-letter-landscape': inches('us-letter-landscape', 'US Letter Landscape', 11, 8.5),
  'a4-landscape': millimetres('a4-landscape', 'A4 Landscape', 297, 210),
  'comic-book': inches('comic-book', 'Comic Book', 6.625, 10.25),
  'larger-deluxe': inches('larger-deluxe', 'Larger Deluxe', 7, 10.875),
  manga: inches('manga', 'Manga', 5, 7.5),
};

/** Whether a catalog row's trim code is one of ours (the cover routes read it from the server's catalog). */
export function isTrimCode(value: string): value is TrimCode {
  return Object.hasOwn(TRIM_SIZES, value);
}

/**
 * A trim as people read it, with its dimensions: "US Trade — 6 × 9 in" (the catalog sends `dimensions` as
 * printers write them, "6 x 9 in"). Without dimensions, the name alone.
 */
export function trimLabel(trim: { readonly name: string; readonly dimensions?: string | null }): string {
  const dims = trim.dimensions?.trim().replace(/\s+x\s+/gi, ' × ');
  return dims ? `${trim.name} — ${dims}` : trim.name;
}

/** A trim's definition by the name the catalog shows ("US Trade"), for a stored option name. */
export function trimByName(name: string): TrimSizeDefinition | undefined {
  return Object.values(TRIM_SIZES).find((t) => t.name === name);
}

/** Trim area in square metres (for weight). */
export function trimAreaM2(trim: Pick<TrimSizeDefinition, 'widthMm' | 'heightMm'>): number {
  return (trim.widthMm / 1000) * (trim.heightMm / 1000);
}
