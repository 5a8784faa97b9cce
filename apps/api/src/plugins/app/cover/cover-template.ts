/**
 * The cover template: a one-page PDF whose page is the full cover sheet (in points, as GET api/cover-dimensions/
 * gives it), with the guides a designer lays their artwork on: the bleed (and a hardcover's wrap) shaded outside
 * the trim line, the spine's fold lines, the safe areas dashed, the barcode box, and labels naming each part and
 * the book it is for. Drawn with pdf-lib (docs/decisions/0055): pure JavaScript, nothing to install, a few KB.
 */
import { PDFDocument, degrees, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { coverLengths, lengthIn, type Box } from '@bindery/pricing/cover';
import type { CoverBook } from './cover.service.js';

const PT_PER_UM = 72 / 25_400;

const WRAP_FILL = rgb(0.85, 0.9, 1);
const BLEED_FILL = rgb(1, 0.87, 0.87);
const TRIM_LINE = rgb(0, 0, 0);
const FOLD_LINE = rgb(0.45, 0.2, 0.6);
const SAFE_LINE = rgb(0, 0.45, 0.85);
const BARCODE_FILL = rgb(0.9, 0.9, 0.9);
const LABEL = rgb(0.3, 0.3, 0.3);

/** Standard fonts write WinAnsi: names from the catalog are kept to printable ASCII. */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/** A file name for the download: the trim code, binding and printed pages. */
export function coverTemplateFileName(book: CoverBook): string {
  const trim = (book.trim.code ?? `trim-${book.trim.id}`).replace(/[^a-z0-9-]+/gi, '-');
  const binding = book.binding.bindingStyle.replace(/_/g, '-');
  return `cover-template-${trim}-${binding}-${book.geometry.printedPageCount}p.pdf`;
}

export async function coverTemplatePdf(book: CoverBook): Promise<Uint8Array> {
  const g = book.geometry;
  const pt = (um: number) => um * PT_PER_UM;
  // The page is the full cover as the API states it in points (to 0.01 pt), so a designer's file and ours agree.
  const pageWidth = lengthIn(g.width, 'pt');
  const pageHeight = lengthIn(g.height, 'pt');
  const doc = await PDFDocument.create();
  const inches = coverLengths(g, 'in');
  const title = ascii(
    `Cover template: ${book.trim.name} (${book.trim.dimensions ?? ''}), ${book.binding.name}, ` +
      `${g.printedPageCount} pages, ${book.paper.name}`,
  );
  doc.setTitle(title);
  doc.setSubject(`Full cover ${inches.width} x ${inches.height} in, spine ${inches.spineWidth} in`);
  doc.setCreator('Bindery');
  doc.setProducer('Bindery (pdf-lib)');
  const page = doc.addPage([pageWidth, pageHeight]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  /** A box of the cover (µm from the top-left) in PDF space (pt from the bottom-left). */
  const rect = (b: Box) => ({
    x: pt(b.x),
    y: pageHeight - pt(b.y + b.height),
    width: pt(b.width),
    height: pt(b.height),
  });
  const edge = g.bleed + g.wrap;
  const sheet: Box = { x: 0, y: 0, width: g.width, height: g.height };
  const trim: Box = { x: edge, y: edge, width: g.width - 2 * edge, height: g.trimHeight };
  const bleedBox: Box = {
    x: g.wrap,
    y: g.wrap,
    width: g.width - 2 * g.wrap,
    height: g.height - 2 * g.wrap,
  };

  // Outside the trim: the wrap (hardcovers), then the bleed, shaded; inside it white.
  if (g.wrap > 0) page.drawRectangle({ ...rect(sheet), color: WRAP_FILL });
  page.drawRectangle({ ...rect(bleedBox), color: BLEED_FILL });
  page.drawRectangle({ ...rect(trim), color: rgb(1, 1, 1), borderColor: TRIM_LINE, borderWidth: 0.75 });

  // The spine's fold lines (one fold in the middle where there is no spine).
  const foldXs = g.spineWidth > 0 ? [g.spine.x, g.spine.x + g.spine.width] : [g.spine.x];
  for (const x of foldXs) {
    page.drawLine({
      start: { x: pt(x), y: 0 },
      end: { x: pt(x), y: pageHeight },
      thickness: 0.75,
      color: FOLD_LINE,
      dashArray: [6, 3],
    });
  }

  for (const safe of [g.backSafe, g.frontSafe, g.spineSafe]) {
    if (safe) {
      page.drawRectangle({
        ...rect(safe),
        borderColor: SAFE_LINE,
        borderWidth: 0.75,
        borderDashArray: [3, 3],
      });
    }
  }

  page.drawRectangle({ ...rect(g.barcode), color: BARCODE_FILL, borderColor: LABEL, borderWidth: 0.5 });
  centred(page, bold, 'BARCODE AREA', rect(g.barcode), 8);
  centred(page, font, 'keep free', { ...rect(g.barcode), y: rect(g.barcode).y - 10 }, 7);

  centred(page, bold, 'BACK COVER', rect(g.back), 18);
  centred(page, bold, 'FRONT COVER', rect(g.front), 18);
  spineLabel(page, bold, book, rect(g.spine));

  // What the sheet is for, and what each line means: inside the back's safe area, from its top.
  const safe = rect(g.backSafe);
  const lines = [
    title,
    `Full cover ${inches.width} x ${inches.height} in (${lengthIn(g.width, 'mm')} x ${lengthIn(g.height, 'mm')} mm, ` +
      `${pageWidth} x ${pageHeight} pt); spine ${inches.spineWidth} in`,
    g.wrap > 0
      ? `Blue: ${inches.wrap} in wrap folded over the boards. Red: ${inches.bleed} in bleed. Black: trim.`
      : `Red: ${inches.bleed} in bleed (extend the background to the sheet edge). Black: trim.`,
    `Purple dashes: spine folds. Blue dashes: safe area, ${inches.safeMargin} in inside trim and folds.`,
    g.spineWidth === 0
      ? 'No spine: back and front meet at the fold.'
      : g.spineTextAllowed
        ? 'Spine text allowed.'
        : 'No spine text: it needs 80 pages or more.',
    'Delete or hide these guides before you export the cover.',
  ];
  const size = Math.max(4, Math.min(7, safe.width / 75));
  lines.forEach((line, i) => {
    page.drawText(ascii(line), {
      x: safe.x + 4,
      y: safe.y + safe.height - 4 - (i + 1) * (size + 2),
      size,
      font,
      color: LABEL,
      maxWidth: safe.width - 8,
    });
  });

  return doc.save();
}

/** A label in the middle of a box, shrunk to fit its width. */
function centred(
  page: PDFPage,
  font: PDFFont,
  text: string,
  at: { x: number; y: number; width: number; height: number },
  size: number,
) {
  const fitted = Math.min(size, (size * (at.width * 0.9)) / Math.max(1, font.widthOfTextAtSize(text, size)));
  if (fitted < 3) return;
  const width = font.widthOfTextAtSize(text, fitted);
  page.drawText(text, {
    x: at.x + (at.width - width) / 2,
    y: at.y + at.height / 2 - fitted / 3,
    size: fitted,
    font,
    color: LABEL,
  });
}

/** "SPINE" up the spine (or why it holds no text). */
function spineLabel(
  page: PDFPage,
  font: PDFFont,
  book: CoverBook,
  at: { x: number; y: number; width: number; height: number },
) {
  const text = book.geometry.spineTextAllowed ? 'SPINE' : 'SPINE (no text under 80 pages)';
  if (at.width < 4) return;
  const size = Math.min(12, at.width * 0.6);
  const length = font.widthOfTextAtSize(text, size);
  page.drawText(text, {
    x: at.x + at.width / 2 + size / 3,
    y: at.y + (at.height - length) / 2,
    size,
    font,
    color: LABEL,
    rotate: degrees(90),
  });
}
