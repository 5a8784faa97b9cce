/**
 * What every PDF the API draws with pdf-lib shares (docs/decisions/0071, 0075): a US Letter document in the
 * standard Helvetica fonts and a writer that sets lines top to bottom, starting a new page when the current one is
 * full. Helvetica covers WinAnsi only: any other character is printed as "?" (the stored text is unchanged).
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export const PAGE: [number, number] = [612, 792];
export const MARGIN = 48;

export interface LineOptions {
  size?: number;
  bold?: boolean;
  indent?: number;
}

/** Writes lines top to bottom, starting a new page when the current one is full. */
export class PdfWriter {
  page: PDFPage;
  y: number;
  private readonly chars: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.chars = new Set(font.getCharacterSet());
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** The text with every character Helvetica cannot encode replaced by "?". */
  safe(text: string): string {
    return Array.from(text, (ch) => (this.chars.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
  }

  room(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }

  /** `text` from `x`, cut to end before `right` (or, aligned right, ending at `right`). */
  private draw(
    text: string,
    x: number,
    right: number,
    size: number,
    font: PDFFont,
    alignRight = false,
  ): void {
    let s = this.safe(text);
    while (s.length > 1 && font.widthOfTextAtSize(s, size) > right - x) s = s.slice(0, -1);
    const at = alignRight ? right - font.widthOfTextAtSize(s, size) : x;
    this.page.drawText(s, { x: at, y: this.y, size, font });
  }

  line(text: string, opts: LineOptions = {}): void {
    const size = opts.size ?? 10;
    this.room(size + 4);
    this.y -= size + 4;
    this.draw(text, MARGIN + (opts.indent ?? 0), PAGE[0] - MARGIN, size, opts.bold ? this.bold : this.font);
  }

  /**
   * One line of a table: each cell from its left edge (points from the margin) to the next cell's, the cells
   * after the first aligned right (amounts).
   */
  row(cells: readonly string[], edges: readonly number[], opts: Omit<LineOptions, 'indent'> = {}): void {
    const size = opts.size ?? 10;
    this.room(size + 4);
    this.y -= size + 4;
    const font = opts.bold ? this.bold : this.font;
    const width = PAGE[0] - 2 * MARGIN;
    cells.forEach((cell, i) => {
      const left = MARGIN + (edges[i] ?? 0);
      const right = MARGIN + (edges[i + 1] ?? width) - (i + 1 < cells.length ? 6 : 0);
      this.draw(cell, left, right, size, font, i > 0);
    });
  }

  gap(points = 6): void {
    this.y -= points;
  }
}

/** A new document with its metadata and the two fonts every writer uses. */
export async function newPdfDocument(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Bindery');
  doc.setProducer('Bindery');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

/** An order's stored address as the lines of a postal address (name, company, street, city, country). */
export function postalLines(address: Record<string, unknown>): string[] {
  const a = address as Record<string, string | undefined>;
  return [
    [a.first_name, a.last_name].filter(Boolean).join(' '),
    a.company,
    [a.address, a.apt_floor].filter(Boolean).join(', '),
    [a.city, a.state, a.postal_code].filter(Boolean).join(' '),
    a.country,
  ].filter((l): l is string => typeof l === 'string' && l.trim() !== '');
}
