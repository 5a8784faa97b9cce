/**
 * The cover preflight's corpus (docs/decisions/0069): real-shaped cover files made here, for a US Trade (6 × 9 in)
 * perfect-bound book on 60# white paper (the test projects' book, projects.ts printBookConfiguration), sized by
 * @bindery/pricing/cover as the server sizes them: a right-size PDF spread, a spread made for another page count,
 * a PDF with a font it does not embed, one with a spot colour and profile-less RGB, and images at a given
 * resolution.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { coverGeometry, lengthIn } from '@bindery/pricing/cover';
import { paperStockByName } from '@bindery/pricing/physical';
import { TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import { pngBytes } from './pdf-fixtures.js';
import { paintSpotColour } from './preflight-corpus.js';

/** The full cover of the test book of `pages` pages, in points and inches. */
export function usTradeCover(pages: number) {
  const g = coverGeometry({
    style: 'perfect_bound',
    trim: TRIM_SIZES['us-trade'],
    pageCount: pages,
    paper: paperStockByName('60# White-Uncoated'),
  });
  return {
    widthPt: lengthIn(g.width, 'pt'),
    heightPt: lengthIn(g.height, 'pt'),
    widthIn: g.width / 25_400,
    heightIn: g.height / 25_400,
  };
}

async function spread(
  pages: number,
  edit?: (doc: PDFDocument) => Promise<void>,
  sheets = 1,
): Promise<Buffer> {
  const { widthPt, heightPt } = usTradeCover(pages);
  const doc = await PDFDocument.create();
  for (let i = 0; i < sheets; i += 1) doc.addPage([widthPt, heightPt]);
  await edit?.(doc);
  return Buffer.from(await doc.save());
}

export const coverCorpus = {
  /** One page of exactly the full cover of a `pages`-page book (bleed included). */
  rightSizePdf: (pages: number) => spread(pages),
  /** The same spread as two pages (front and back apart). */
  twoPages: (pages: number) => spread(pages, undefined, 2),
  /** The right size, with its title in Helvetica, which pdf-lib does not embed (a standard font). */
  unembeddedFont: (pages: number) =>
    spread(pages, async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.getPage(0).drawText('My Book', { x: 700, y: 400, size: 36, font });
    }),
  /**
   * The right size, with a "PANTONE 185 C" spot colour (as the interior's corpus paints it) and a red band in
   * DeviceRGB, the file carrying no output intent (no ICC profile).
   */
  colours: (pages: number) =>
    spread(pages, (doc) => {
      const page = doc.getPage(0);
      paintSpotColour(doc, page);
      page.drawRectangle({ x: 600, y: 300, width: 200, height: 40, color: rgb(0.8, 0.1, 0.1) });
      return Promise.resolve();
    }),
  /** A PNG of the full cover's shape at `ppi` pixels per inch. */
  imageAt: (pages: number, ppi: number) => {
    const { widthIn, heightIn } = usTradeCover(pages);
    return pngBytes(Math.round(widthIn * ppi), Math.round(heightIn * ppi));
  },
};
