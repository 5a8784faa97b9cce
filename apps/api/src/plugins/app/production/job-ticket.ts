/**
 * The job ticket and the packing slip as PDFs, drawn with pdf-lib (docs/decisions/0071). A ticket is one US
 * Letter page per order (more when its books need them): the order number in text and as a Code 128 barcode, the
 * customer, ship-to, each book's specifications, copies, pages, spine width, files under their predictable names
 * with SHA-256 checksums, the preflight result and the due date. The standard Helvetica font covers WinAnsi only:
 * any other character is printed as "?" (the stored title is unchanged).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { code128Bars } from './code128.js';

export interface TicketFile {
  /** BND-000123-1-interior.pdf */
  name: string;
  original_name: string;
  sha256: string;
}

export interface TicketBook {
  position: number;
  title: string;
  category: string;
  quantity: number;
  page_count: number;
  specs: [string, string][];
  spine: string;
  files: TicketFile[];
  preflight: string;
}

export interface TicketOrder {
  order_number: string;
  status: string;
  customer_name: string;
  customer_email: string;
  ship_to: string[];
  shipping: string;
  paid_at: string;
  due: string;
  books: TicketBook[];
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;

/** Writes lines top to bottom, starting a new page when the current one is full. */
class Writer {
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

  line(text: string, opts: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const size = opts.size ?? 10;
    this.room(size + 4);
    this.y -= size + 4;
    const font = opts.bold ? this.bold : this.font;
    const x = MARGIN + (opts.indent ?? 0);
    let s = this.safe(text);
    while (s.length > 1 && font.widthOfTextAtSize(s, size) > PAGE[0] - MARGIN - x) s = s.slice(0, -1);
    this.page.drawText(s, { x, y: this.y, size, font });
  }

  gap(points = 6): void {
    this.y -= points;
  }

  barcode(text: string, height = 40, module = 1.2): void {
    const { bars } = code128Bars(text);
    this.room(height + 8);
    this.y -= height;
    const x0 = MARGIN + 10 * module; // the quiet zone: ten modules
    for (const [x, w] of bars) {
      this.page.drawRectangle({ x: x0 + x * module, y: this.y, width: w * module, height, color: rgb(0, 0, 0) });
    }
    this.y -= 4;
  }
}

async function newDocument(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Bindery');
  doc.setProducer('Bindery');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

function drawTicket(w: Writer, order: TicketOrder): void {
  w.line(`JOB TICKET  ${order.order_number}`, { size: 18, bold: true });
  w.barcode(order.order_number);
  w.line(`Status: ${order.status}    Paid: ${order.paid_at}    Due: ${order.due}`, { bold: true });
  w.gap();
  w.line('Customer', { bold: true });
  w.line(`${order.customer_name} <${order.customer_email}>`, { indent: 12 });
  w.line('Ship to', { bold: true });
  for (const l of order.ship_to) w.line(l, { indent: 12 });
  w.line(`Service: ${order.shipping}`, { indent: 12 });
  for (const book of order.books) {
    w.gap(8);
    w.line(`Book ${book.position} of ${order.books.length}: ${book.title}`, { size: 12, bold: true });
    w.line(`${book.category}    Copies: ${book.quantity}    Pages: ${book.page_count}    Spine: ${book.spine}`, {
      indent: 12,
    });
    for (const [name, value] of book.specs) w.line(`${name}: ${value}`, { indent: 12 });
    w.line(`Preflight: ${book.preflight}`, { indent: 12 });
    for (const f of book.files) {
      w.line(`${f.name}  (uploaded as ${f.original_name})`, { indent: 12 });
      w.line(`SHA-256 ${f.sha256}`, { indent: 24, size: 8 });
    }
  }
}

/** One order's ticket, or several orders' tickets one after another (each from a new page). */
export async function jobTicketsPdf(orders: readonly TicketOrder[]): Promise<Uint8Array> {
  const { doc, font, bold } = await newDocument(
    orders.length === 1 ? `Job ticket ${orders[0]?.order_number ?? ''}` : `Job tickets (${orders.length})`,
  );
  for (const order of orders) drawTicket(new Writer(doc, font, bold), order);
  if (orders.length === 0) new Writer(doc, font, bold).line('No orders in this group.');
  return doc.save();
}

/** The packing slip: what is in the parcel and where it goes (no prices, no files). */
export async function packingSlipPdf(order: TicketOrder): Promise<Uint8Array> {
  const { doc, font, bold } = await newDocument(`Packing slip ${order.order_number}`);
  const w = new Writer(doc, font, bold);
  w.line(`PACKING SLIP  ${order.order_number}`, { size: 18, bold: true });
  w.barcode(order.order_number);
  w.line('Ship to', { bold: true });
  for (const l of order.ship_to) w.line(l, { indent: 12 });
  w.line(`Service: ${order.shipping}`, { indent: 12 });
  w.gap(8);
  w.line('Contents', { bold: true });
  for (const book of order.books) w.line(`${book.quantity} × ${book.title} (${book.category})`, { indent: 12 });
  w.gap(8);
  w.line(`Questions about your order? Quote ${order.order_number}.`);
  return doc.save();
}
