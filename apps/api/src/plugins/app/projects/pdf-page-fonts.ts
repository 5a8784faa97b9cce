/**
 * Which fonts each page uses and whether the file carries them (docs/decisions/0060), read from the page's
 * /Resources (inherited from the page tree like PDF 32000-1 §7.7.3.4 says) and those of the form XObjects it
 * draws, through our own parser (pdf-xref.ts): no content stream is inflated. A font is embedded when its
 * descriptor holds /FontFile, /FontFile2 or /FontFile3 (a composite /Type0 font: its descendant's descriptor); a
 * /Type3 font is drawn by the file's own glyph procedures, so it counts as embedded. A font without them — the 14
 * standard fonts included — is left to the printer's substitute, which is why printers refuse it.
 * Bounded: at most MAX_FONTS distinct fonts, MAX_FONTS_PER_RESOURCES entries per /Font dictionary, form XObjects
 * MAX_FORM_DEPTH deep and MAX_FORMS_PER_PAGE per page.
 * @see PDF 32000-1:2008 §9.6–9.9 (fonts), §9.8 (font descriptors)
 */
import type { PageRange, PdfFont } from '@bindery/contracts/store/preflight';
import { isArray, isDict, isName, Ref, Stream, type PdfDict, type PdfObject } from './pdf-syntax.js';

export const MAX_FONTS = 200;
export const MAX_FONTS_PER_RESOURCES = 200;
export const MAX_FORM_DEPTH = 8;
export const MAX_FORMS_PER_PAGE = 200;

type Resolve = (obj: PdfObject | undefined) => PdfObject | undefined;

/** The 14 fonts every PDF reader has (and their common aliases), never a reason not to embed for a printer. */
const STANDARD_14 = new Set([
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Symbol',
  'ZapfDingbats',
  'Arial',
  'Arial,Bold',
  'Arial,Italic',
  'Arial,BoldItalic',
  'TimesNewRoman',
  'TimesNewRoman,Bold',
  'TimesNewRoman,Italic',
  'TimesNewRoman,BoldItalic',
  'CourierNew',
  'CourierNew,Bold',
  'CourierNew,Italic',
  'CourierNew,BoldItalic',
]);

const dictOf = (obj: PdfObject | undefined, resolve: Resolve): PdfDict | undefined => {
  const value = resolve(obj);
  if (value instanceof Stream) return value.dict;
  return isDict(value) ? value : undefined;
};

function hasFontFile(descriptor: PdfDict | undefined): boolean {
  return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.get(key) !== undefined);
}

interface FontFact {
  name: string;
  subtype: string;
  embedded: boolean;
  standard: boolean;
}

/** What one font dictionary says of itself: its name, its kind and whether its program is in the file. */
function readFont(font: PdfDict, resolve: Resolve): FontFact {
  const subtypeValue = resolve(font.get('Subtype'));
  const subtype = isName(subtypeValue) ? subtypeValue.name : 'Unknown';
  const base = resolve(font.get('BaseFont'));
  const baseName = isName(base) ? base.name : subtype === 'Type3' ? 'Type 3 font' : 'Unnamed font';
  // A subset's name is "ABCDEF+Name": the six letters are no part of what the customer chose.
  const name = baseName.replace(/^[A-Z]{6}\+/, '');
  let embedded: boolean;
  if (subtype === 'Type3') embedded = true;
  else if (subtype === 'Type0') {
    const descendants = resolve(font.get('DescendantFonts'));
    const first = isArray(descendants) ? dictOf(descendants[0], resolve) : undefined;
    embedded = hasFontFile(dictOf(first?.get('FontDescriptor'), resolve));
  } else embedded = hasFontFile(dictOf(font.get('FontDescriptor'), resolve));
  return { name, subtype, embedded, standard: STANDARD_14.has(name) };
}

function addPage(ranges: PageRange[], page: number): void {
  const last = ranges.at(-1);
  if (last?.[1] === page) return;
  if (last && last[1] === page - 1) last[1] = page;
  else ranges.push([page, page]);
}

/** Collects, page by page in order, the fonts each page's resources (and its forms') name. */
export class FontFactsCollector {
  private readonly fonts = new Map<string, PdfFont>();
  /** Fonts left out because MAX_FONTS were already listed. */
  truncated = false;

  constructor(private readonly resolve: Resolve) {}

  addPage(page: number, resources: PdfObject | undefined): void {
    const seenForms = new Set<string>();
    const visit = (res: PdfObject | undefined, depth: number) => {
      const dict = dictOf(res, this.resolve);
      if (!dict) return;
      const fonts = dictOf(dict.get('Font'), this.resolve);
      let n = 0;
      for (const entry of fonts?.values() ?? []) {
        if ((n += 1) > MAX_FONTS_PER_RESOURCES) break;
        this.addFont(page, entry);
      }
      if (depth >= MAX_FORM_DEPTH) return;
      const xobjects = dictOf(dict.get('XObject'), this.resolve);
      for (const entry of xobjects?.values() ?? []) {
        // A form drawn several times (or by itself) is read once per page.
        if (entry instanceof Ref) {
          if (seenForms.has(entry.tag) || seenForms.size >= MAX_FORMS_PER_PAGE) continue;
          seenForms.add(entry.tag);
        }
        const xobject = this.resolve(entry);
        if (!(xobject instanceof Stream) || !isName(this.resolve(xobject.dict.get('Subtype')), 'Form'))
          continue;
        visit(xobject.dict.get('Resources'), depth + 1);
      }
    };
    visit(resources, 0);
  }

  private addFont(page: number, entry: PdfObject): void {
    const dict = dictOf(entry, this.resolve);
    if (!dict) return;
    const fact = readFont(dict, this.resolve);
    // One entry per font program as the customer sees it: the same name, kind and embedding is the same font.
    const key = `${fact.name}\u0000${fact.subtype}\u0000${fact.embedded}`;
    let font = this.fonts.get(key);
    if (!font) {
      if (this.fonts.size >= MAX_FONTS) {
        this.truncated = true;
        return;
      }
      font = { ...fact, pages: [] };
      this.fonts.set(key, font);
    }
    addPage(font.pages, page);
  }

  facts(): PdfFont[] {
    return [...this.fonts.values()];
  }
}
