/**
 * The print preflight's corpus (docs/decisions/0060): real-shaped interior PDFs made here with pdf-lib, each for
 * one finding — the right size, a wrong size, full bleed, a TrimBox inside a bleed MediaBox, sizes mixed, a rotated
 * page, a MediaBox inherited from the page tree. Sizes are in points (1/72 in).
 */
import {
  cmyk,
  degrees,
  fill,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  StandardFonts,
  type PDFPage,
} from 'pdf-lib';
import { pngBytes } from './pdf-fixtures.js';

export const US_TRADE: [number, number] = [432, 648];
export const US_TRADE_BLEED: [number, number] = [450, 666];
/** 210 × 297 mm. */
export const A4: [number, number] = [595.28, 841.89];

/** Pages of these sizes, each with a grey bar in the middle (a page that draws nothing is blank: ADR 0070). */
async function pdf(
  sizes: [number, number][],
  edit?: (doc: PDFDocument, pages: PDFPage[]) => void,
  blank: readonly number[] = [],
) {
  const doc = await PDFDocument.create();
  const pages = sizes.map((size) => doc.addPage(size));
  pages.forEach((page, i) => {
    if (!blank.includes(i + 1)) page.drawRectangle({ x: 144, y: 300, width: 100, height: 10 });
  });
  edit?.(doc, pages);
  return Buffer.from(await doc.save());
}

const times = (n: number, size: [number, number]) => Array.from({ length: n }, () => size);

/**
 * A rectangle on `page` filled with the spot colour "PANTONE 185 C": a Separation colour space (its alternate
 * DeviceCMYK through a tint function) in the page's resources, chosen with cs and painted with scn.
 */
export function paintSpotColour(doc: PDFDocument, page: PDFPage) {
  const tint = doc.context.obj({
    FunctionType: 2,
    Domain: [0, 1],
    C0: [0, 0, 0, 0],
    C1: [0, 0.91, 0.76, 0],
    N: 1,
  });
  page.node.Resources()?.set(
    PDFName.of('ColorSpace'),
    doc.context.obj({
      CS0: [PDFName.of('Separation'), PDFName.of('PANTONE 185 C'), PDFName.of('DeviceCMYK'), tint],
    }),
  );
  page.pushOperators(
    pushGraphicsState(),
    PDFOperator.of('cs' as never, [PDFName.of('CS0')]),
    PDFOperator.of('scn' as never, [PDFNumber.of(1)]),
    rectangle(72, 72, 200, 100),
    fill(),
    popGraphicsState(),
  );
}

/**
 * A font dictionary of `subtype` whose descriptor holds a /FontFile2 stream, put on `pages`. The stream's bytes
 * are no real font program (pdf-lib embeds TrueType only through fontkit, which the repository does not have):
 * what the check reads is the structure, a descriptor carrying the program, as a producer writes it.
 */
function embeddedFont(doc: PDFDocument, pages: PDFPage[], name: string, subtype: 'TrueType' | 'Type0') {
  const program = doc.context.register(doc.context.stream(new Uint8Array(64), { Length1: 64 }));
  const descriptor = doc.context.register(
    doc.context.obj({ Type: 'FontDescriptor', FontName: name, Flags: 32, FontFile2: program }),
  );
  const simple = { Type: 'Font', BaseFont: name, FontDescriptor: descriptor };
  const font =
    subtype === 'TrueType'
      ? doc.context.obj({ ...simple, Subtype: 'TrueType' })
      : doc.context.obj({
          Type: 'Font',
          Subtype: 'Type0',
          BaseFont: name,
          Encoding: 'Identity-H',
          DescendantFonts: [doc.context.obj({ ...simple, Subtype: 'CIDFontType2' })],
        });
  const ref = doc.context.register(font);
  for (const page of pages) page.node.newFontDictionary('F', ref);
}

export const corpus = {
  /** 6 × 9 in. */
  rightSize: (pages = 4) => pdf(times(pages, US_TRADE)),
  /** A4: wrong for US Trade, right for A4. */
  a4: (pages = 4) => pdf(times(pages, A4)),
  /** 6.25 × 9.25 in: US Trade with 0.125 in bleed on each side. */
  withBleed: (pages = 4) => pdf(times(pages, US_TRADE_BLEED)),
  /** A bleed MediaBox whose TrimBox is the 6 × 9 in trim: the TrimBox counts. */
  trimBoxInBleed: () =>
    pdf(times(4, US_TRADE_BLEED), (_doc, pages) => {
      for (const page of pages) page.setTrimBox(9, 9, 432, 648);
    }),
  /** 6 × 9 in, but pages 3 and 5–6 are A4. */
  mixed: () => pdf([US_TRADE, US_TRADE, A4, US_TRADE, A4, A4, US_TRADE, US_TRADE]),
  /** Page 2 is a 9 × 6 in MediaBox turned by /Rotate 90: it shows (and is checked) as 6 × 9 in. */
  rotated: (pages = 4) =>
    pdf([US_TRADE, [648, 432], ...times(pages - 2, US_TRADE)], (_doc, pages) => {
      pages[1]?.setRotation(degrees(90));
    }),
  /** No page has a MediaBox of its own: the page tree's root gives them 6 × 9 in (and a /Rotate 0). */
  inheritedMediaBox: () =>
    pdf(times(4, [612, 792]), (doc, pages) => {
      for (const page of pages) page.node.delete(PDFName.of('MediaBox'));
      const root = doc.catalog.Pages();
      root.set(PDFName.of('MediaBox'), doc.context.obj([0, 0, 432, 648]));
      root.set(PDFName.of('Rotate'), PDFNumber.of(0));
    }),
  /** Text in Helvetica on pages 1–2 (pdf-lib's standard fonts are not embedded), page 3 blank. */
  standardFont: async (pages = 3) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= pages; i += 1) {
      const page = doc.addPage(US_TRADE);
      if (i <= 2) page.drawText(`Page ${i}`, { x: 72, y: 576, size: 12, font });
    }
    return Buffer.from(await doc.save());
  },
  /** A subset TrueType font carried in the file on every page, and a composite (Type0) one on page 2. */
  embeddedFonts: () =>
    pdf(times(3, US_TRADE), (doc, pages) => {
      embeddedFont(doc, pages, 'ABCDEF+LiberationSerif', 'TrueType');
      embeddedFont(doc, pages.slice(1, 2), 'GHIJKL+NotoSansCJK', 'Type0');
    }),
  /** A Type 3 font (glyphs drawn by the file itself) on page 1: embedded by nature. */
  type3Font: () =>
    pdf(times(2, US_TRADE), (doc, pages) => {
      const glyph = doc.context.register(doc.context.stream('0 0 m 1 1 l S'));
      const font = doc.context.register(
        doc.context.obj({
          Type: 'Font',
          Subtype: 'Type3',
          FontBBox: [0, 0, 1, 1],
          FontMatrix: [1, 0, 0, 1, 0, 0],
          CharProcs: { a: glyph },
          Encoding: { Type: 'Encoding', Differences: [97, 'a'] },
          FirstChar: 97,
          LastChar: 97,
          Widths: [1],
        }),
      );
      pages[0]?.node.newFontDictionary('T', font);
    }),
  /**
   * Photos at known resolutions: page 1 a 300 × 200 px image drawn at 300 × 200 pt (72 ppi), page 2 a 1200 × 800 px
   * one at 288 × 192 pt (300 ppi), page 3 the 1200 × 800 px one again at 432 × 288 pt (200 ppi), the rest none.
   */
  images: async (count = 4) => {
    const doc = await PDFDocument.create();
    const small = await doc.embedPng(pngBytes(300, 200));
    const large = await doc.embedPng(pngBytes(1200, 800));
    const pages = times(count, US_TRADE).map((size) => doc.addPage(size));
    pages[0]?.drawImage(small, { x: 36, y: 300, width: 300, height: 200 });
    pages[1]?.drawImage(large, { x: 36, y: 300, width: 288, height: 192 });
    pages[2]?.drawImage(large, { x: 0, y: 300, width: 432, height: 288 });
    return Buffer.from(await doc.save());
  },

  /** An RGB photo on page 1 (for a black-and-white book: it prints grey); the other pages grey bars. */
  rgbImage: async (count = 3) => {
    const doc = await PDFDocument.create();
    const photo = await doc.embedPng(pngBytes(600, 400));
    const pages = times(count, US_TRADE).map((size) => doc.addPage(size));
    pages.forEach((page) => page.drawRectangle({ x: 144, y: 100, width: 100, height: 10 }));
    pages[0]?.drawImage(photo, { x: 72, y: 300, width: 144, height: 96 });
    return Buffer.from(await doc.save());
  },
  /** Text in CMYK magenta on page 2, black (K only) text on page 1: only page 2 is colour. */
  cmykText: async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pages = times(3, US_TRADE).map((size) => doc.addPage(size));
    pages[0]?.drawText('Black', { x: 72, y: 576, size: 12, font, color: cmyk(0, 0, 0, 1) });
    pages[1]?.drawText('Magenta', { x: 72, y: 576, size: 12, font, color: cmyk(0, 1, 0, 0) });
    pages[2]?.drawRectangle({ x: 144, y: 300, width: 100, height: 10 });
    return Buffer.from(await doc.save());
  },
  /** A rectangle filled with the spot colour "PANTONE 185 C" (a Separation) on page 2. */
  spotColour: () =>
    pdf(times(3, US_TRADE), (doc, pages) => {
      if (pages[1]) paintSpotColour(doc, pages[1]);
    }),
  /**
   * Text in the gutter and at the edge (6 × 9 in, 4 pages; a book this short needs a 0.375 in = 27 pt gutter):
   * page 1 (a right-hand page, bound on its left) starts a line 20 pt from its left edge, page 2 (bound on its
   * right) 24 pt from its right edge, page 3 8 pt below its top edge, page 4 is well inside.
   */
  textNearEdges: async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pages = times(4, US_TRADE).map((size) => doc.addPage(size));
    pages[0]?.drawText('Gutter', { x: 20, y: 300, size: 10, font });
    pages[1]?.drawText('G', { x: 408, y: 300, size: 10, font });
    pages[2]?.drawText('Edge', { x: 72, y: 640, size: 10, font });
    pages[3]?.drawText('Fine', { x: 72, y: 300, size: 10, font });
    return Buffer.from(await doc.save());
  },
  /** 10 pages: 4–7 draw nothing (a run to warn of), 9 too (a single blank verso, as books have). */
  blankRun: () => pdf(times(10, US_TRADE), undefined, [4, 5, 6, 7, 9]),
};
