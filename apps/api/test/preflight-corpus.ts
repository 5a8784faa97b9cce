/**
 * The print preflight's corpus (docs/decisions/0060): real-shaped interior PDFs made here with pdf-lib, each for
 * one finding — the right size, a wrong size, full bleed, a TrimBox inside a bleed MediaBox, sizes mixed, a rotated
 * page, a MediaBox inherited from the page tree. Sizes are in points (1/72 in).
 */
import { degrees, PDFDocument, PDFName, PDFNumber, type PDFPage } from 'pdf-lib';

export const US_TRADE: [number, number] = [432, 648];
export const US_TRADE_BLEED: [number, number] = [450, 666];
/** 210 × 297 mm. */
export const A4: [number, number] = [595.28, 841.89];

async function pdf(sizes: [number, number][], edit?: (doc: PDFDocument, pages: PDFPage[]) => void) {
  const doc = await PDFDocument.create();
  const pages = sizes.map((size) => doc.addPage(size));
  edit?.(doc, pages);
  return Buffer.from(await doc.save());
}

const times = (n: number, size: [number, number]) => Array.from({ length: n }, () => size);

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
};
