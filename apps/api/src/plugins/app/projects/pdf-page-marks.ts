/**
 * What a page paints, from the same content-stream scan as the images (pdf-page-images.ts; docs/decisions/0070):
 * colour that is not grey (rg/RG, k/K, sc/scn/SC/SCN in the colour space cs/CS chose), colour images by their
 * /ColorSpace, spot colours (Separation, DeviceN), device colour without an ICC profile, where text starts (the
 * text origin of each Tj/TJ/'/" from BT, Tm, Td, TD, T*, TL and the CTM; invisible text, Tr 3, is skipped), and
 * whether the page paints anything at all. Origins approximate a line's start, not its end (glyph widths are not
 * read). Bounded: O(1) state per page, at most MAX_SPOT_NAMES spot colours and MAX_TEXT_INSET_PAGES pages kept.
 * @see PDF 32000-1:2008 §8.6 (colour spaces), §9.4 (text objects)
 */
import type { PageRange, PdfColourFacts, PdfFacts, PdfTextInset } from '@bindery/contracts/store/preflight';
import { isArray, Name, Stream, type PdfObject } from './pdf-syntax.js';
import type { PageBox } from './pdf-page-boxes.js';

export const MAX_SPOT_NAMES = 50;
/**
 * Insets are kept for pages with text this close to an edge: the widest gutter plus bleed, the contracts'
 * TEXT_INSET_KEPT_PT (the worker imports no values from the contracts: it may run their compiled build).
 */
export const TEXT_INSET_KEPT_PT = 72;
export const MAX_TEXT_INSET_PAGES = 2_000;

export type Matrix = [number, number, number, number, number, number];

/** A colour space as the checks see it. */
export type ColourKind =
  { kind: 'grey' | 'rgb' | 'cmyk' | 'other'; icc: boolean } | { kind: 'spot'; names: string[] };

const DEVICE_GREY: ColourKind = { kind: 'grey', icc: false };
const PROCESS = new Set(['Cyan', 'Magenta', 'Yellow', 'Black', 'None', 'All']);

/** Classifies a colour space object (a name or an array), resolving through `resolve`; `depth` bounds Indexed. */
export function classifyColourSpace(
  space: PdfObject | undefined,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  depth = 0,
): ColourKind {
  const v = resolve(space);
  const name =
    v instanceof Name
      ? v.name
      : isArray(v) && resolve(v[0]) instanceof Name
        ? (resolve(v[0]) as Name).name
        : '';
  switch (name) {
    case 'DeviceGray':
    case 'G':
    case 'CalGray':
      return { kind: 'grey', icc: name === 'CalGray' };
    case 'DeviceRGB':
    case 'RGB':
      return { kind: 'rgb', icc: false };
    case 'CalRGB':
    case 'Lab':
      return { kind: 'rgb', icc: true };
    case 'DeviceCMYK':
    case 'CMYK':
      return { kind: 'cmyk', icc: false };
    case 'ICCBased': {
      const stream = isArray(v) ? resolve(v[1]) : undefined;
      const n = stream instanceof Stream ? resolve(stream.dict.get('N')) : undefined;
      return { kind: n === 1 ? 'grey' : n === 4 ? 'cmyk' : n === 3 ? 'rgb' : 'other', icc: true };
    }
    case 'Indexed':
    case 'I':
      return depth < 2 && isArray(v)
        ? classifyColourSpace(v[1], resolve, depth + 1)
        : { kind: 'other', icc: false };
    case 'Separation': {
      const colourant = isArray(v) ? resolve(v[1]) : undefined;
      const n = colourant instanceof Name ? colourant.name : '';
      return PROCESS.has(n) ? DEVICE_GREY : { kind: 'spot', names: [n] };
    }
    case 'DeviceN': {
      const list = isArray(v) ? resolve(v[1]) : undefined;
      const names = (isArray(list) ? list : [])
        .map((n) => resolve(n))
        .filter((n): n is Name => n instanceof Name)
        .map((n) => n.name)
        .filter((n) => !PROCESS.has(n));
      return names.length > 0 ? { kind: 'spot', names } : { kind: 'cmyk', icc: false };
    }
    default:
      return { kind: 'other', icc: false };
  }
}

const GREY_TOLERANCE = 0.01;
/** Whether colour components in this space paint something other than a grey. */
function isColour(space: ColourKind, values: readonly number[]): boolean {
  if (space.kind === 'rgb' && values.length >= 3) {
    const [r = 0, g = 0, b = 0] = values;
    return Math.abs(r - g) > GREY_TOLERANCE || Math.abs(g - b) > GREY_TOLERANCE;
  }
  if (space.kind === 'cmyk' && values.length >= 4) return values.slice(0, 3).some((v) => v > GREY_TOLERANCE);
  return false;
}

function addPage(ranges: PageRange[], page: number): void {
  const last = ranges.at(-1);
  if (last && last[1] >= page) return;
  if (last && last[1] === page - 1) last[1] = page;
  else ranges.push([page, page]);
}

const PAINTING = new Set([
  'S',
  's',
  'f',
  'F',
  'f*',
  'B',
  'B*',
  'b',
  'b*',
  'sh',
  'Do',
  'BI',
  'Tj',
  'TJ',
  "'",
  '"',
]);
const SHOWING = new Set(['Tj', 'TJ', "'", '"']);

/** Per-file collector; one page is open at a time (pages arrive in order). */
export class PageMarks {
  private readonly colour: PageRange[] = [];
  private readonly colourImages: PageRange[] = [];
  private readonly device: PageRange[] = [];
  private readonly spots = new Map<string, PageRange[]>();
  private readonly blank: PageRange[] = [];
  private readonly insets: PdfTextInset[] = [];
  private insetsTruncated = false;

  private page = 0;
  private box: PageBox | undefined;
  private painted = false;
  /** Nearest text origins in unrotated user space: min x, max x, min y, max y. */
  private text: [number, number, number, number] | null = null;
  // Text state of the current text object (not saved by q/Q: an approximation).
  private tm: Matrix = [1, 0, 0, 1, 0, 0];
  private tlm: Matrix = [1, 0, 0, 1, 0, 0];
  private leading = 0;
  private invisible = false;
  fill: ColourKind = DEVICE_GREY;
  stroke: ColourKind = DEVICE_GREY;

  /** `outputIntent`: the file's catalog names an ICC output profile, so its device colours are characterised. */
  constructor(private readonly outputIntent: boolean) {}

  beginPage(page: number, box: PageBox | undefined): void {
    this.page = page;
    this.box = box;
    this.painted = false;
    this.text = null;
    this.fill = DEVICE_GREY;
    this.stroke = DEVICE_GREY;
    this.leading = 0;
    this.invisible = false;
  }

  /** The page ends: `complete` when all its content was read (an unread page is never called blank). */
  endPage(complete: boolean): void {
    if (!this.painted && complete) addPage(this.blank, this.page);
    const box = this.box;
    if (!this.text || !box) return;
    const [x0, y0, x1, y1] = box.trimRect;
    const u = box.unit;
    const [minX, maxX, minY, maxY] = this.text;
    // Unrotated left, right, bottom, top; then as the page shows after /Rotate (clockwise).
    const l = (minX - x0) * u;
    const r = (x1 - maxX) * u;
    const b = (minY - y0) * u;
    const t = (y1 - maxY) * u;
    const shown: [number, number, number, number] =
      box.rotate === 90
        ? [b, t, r, l]
        : box.rotate === 180
          ? [r, l, t, b]
          : box.rotate === 270
            ? [t, b, l, r]
            : [l, r, b, t];
    if (Math.min(...shown) >= TEXT_INSET_KEPT_PT) return;
    if (this.insets.length >= MAX_TEXT_INSET_PAGES) {
      this.insetsTruncated = true;
      return;
    }
    const r1 = (v: number) => Math.round(v * 10) / 10;
    this.insets.push([this.page, r1(shown[0]), r1(shown[1]), r1(shown[2]), r1(shown[3])]);
  }

  private paintColour(space: ColourKind, values: readonly number[]): void {
    if (space.kind === 'spot') {
      this.spot(space.names);
      return;
    }
    if (!isColour(space, values)) return;
    addPage(this.colour, this.page);
    if (!space.icc && !this.outputIntent) addPage(this.device, this.page);
  }

  private spot(names: readonly string[]): void {
    for (const name of names) {
      let pages = this.spots.get(name);
      if (!pages) {
        if (this.spots.size >= MAX_SPOT_NAMES) continue;
        pages = [];
        this.spots.set(name, pages);
      }
      addPage(pages, this.page);
    }
  }

  /** An image drawn in this colour space (an image mask paints the fill colour, already counted). */
  image(space: ColourKind): void {
    if (space.kind === 'spot') {
      this.spot(space.names);
      return;
    }
    if (space.kind !== 'rgb' && space.kind !== 'cmyk') return;
    addPage(this.colourImages, this.page);
    if (!space.icc && !this.outputIntent) addPage(this.device, this.page);
  }

  /**
   * One operator with its operands (numbers and names, as the scan keeps them). `spaceOf` resolves a colour space
   * name through the current resources.
   */
  op(
    word: string,
    operands: readonly (number | Name)[],
    ctm: Matrix,
    spaceOf: (name: string) => ColourKind,
  ): void {
    if (PAINTING.has(word)) this.painted = true;
    // Operands are read only by the operators that take them (most operators of a text page take none of these).
    const nums = () => operands.filter((o): o is number => typeof o === 'number');
    switch (word) {
      case 'g':
        this.fill = DEVICE_GREY;
        return;
      case 'G':
        this.stroke = DEVICE_GREY;
        return;
      case 'rg':
      case 'RG': {
        const space: ColourKind = { kind: 'rgb', icc: false };
        if (word === 'rg') this.fill = space;
        else this.stroke = space;
        this.paintColour(space, nums().slice(-3));
        return;
      }
      case 'k':
      case 'K': {
        const space: ColourKind = { kind: 'cmyk', icc: false };
        if (word === 'k') this.fill = space;
        else this.stroke = space;
        this.paintColour(space, nums().slice(-4));
        return;
      }
      case 'cs':
      case 'CS': {
        const name = operands.at(-1);
        const space = name instanceof Name ? spaceOf(name.name) : DEVICE_GREY;
        if (word === 'cs') this.fill = space;
        else this.stroke = space;
        if (space.kind === 'spot') this.spot(space.names);
        return;
      }
      case 'sc':
      case 'scn': {
        this.paintColour(this.fill, nums());
        return;
      }
      case 'SC':
      case 'SCN': {
        this.paintColour(this.stroke, nums());
        return;
      }
      case 'BT':
        this.tm = [1, 0, 0, 1, 0, 0];
        this.tlm = [1, 0, 0, 1, 0, 0];
        return;
      case 'Tm':
        {
          const m = nums();
          if (m.length >= 6) this.tm = this.tlm = m.slice(-6) as Matrix;
        }
        return;
      case 'TL':
        this.leading = nums().at(-1) ?? this.leading;
        return;
      case 'Tr':
        this.invisible = nums().at(-1) === 3;
        return;
      case 'Td':
      case 'TD': {
        const [tx = 0, ty = 0] = nums().slice(-2);
        if (word === 'TD') this.leading = -ty;
        this.moveLine(tx, ty);
        return;
      }
      case 'T*': {
        this.moveLine(0, -this.leading);
        return;
      }
    }
    if (SHOWING.has(word)) {
      if (word !== 'Tj' && word !== 'TJ') this.moveLine(0, -this.leading);
      if (!this.invisible) this.textAt(ctm);
    }
  }

  private moveLine(tx: number, ty: number): void {
    const m = this.tlm;
    this.tlm = [m[0], m[1], m[2], m[3], tx * m[0] + ty * m[2] + m[4], tx * m[1] + ty * m[3] + m[5]];
    this.tm = this.tlm;
  }

  private textAt(ctm: Matrix): void {
    const [, , , , e, f] = this.tm;
    const x = e * ctm[0] + f * ctm[2] + ctm[4];
    const y = e * ctm[1] + f * ctm[3] + ctm[5];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const t = this.text;
    this.text = t
      ? [Math.min(t[0], x), Math.max(t[1], x), Math.min(t[2], y), Math.max(t[3], y)]
      : [x, x, y, y];
  }

  facts(): Pick<PdfFacts, 'colour' | 'text_insets' | 'text_insets_truncated' | 'blank_pages'> {
    const colour: PdfColourFacts = {
      colour_pages: this.colour,
      colour_image_pages: this.colourImages,
      spot_colours: [...this.spots.entries()].map(([name, pages]) => ({ name: name.slice(0, 100), pages })),
      device_colour_pages: this.device,
    };
    return {
      colour,
      text_insets: this.insets,
      ...(this.insetsTruncated ? { text_insets_truncated: true } : {}),
      blank_pages: this.blank,
    };
  }
}

/** Whether a catalog's /OutputIntents carries an ICC profile (DestOutputProfile): device colours are then defined. */
export function hasOutputIntent(
  catalog: Map<string, PdfObject>,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): boolean {
  const intents = resolve(catalog.get('OutputIntents'));
  if (!isArray(intents)) return false;
  return intents.slice(0, 8).some((i) => {
    const d = resolve(i);
    return d instanceof Map && resolve(d.get('DestOutputProfile')) instanceof Stream;
  });
}
