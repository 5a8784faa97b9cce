/**
 * The job ticket and the packing slip as PDFs, drawn with pdf-lib (docs/decisions/0071). A ticket is one US
 * Letter page per order (more when its books need them): the order number in text and as a Code 128 barcode, the
 * customer, ship-to, each book's specifications, copies, pages, spine width, files under their predictable names
 * with SHA-256 checksums, the preflight result and the due date. The standard Helvetica font covers WinAnsi only:
 * any other character is printed as "?" (the stored title is unchanged). The writer is lib/pdf-writer.ts's.
 */
import { messages } from '@bindery/contracts/messages';
import { rgb } from 'pdf-lib';
import { MARGIN, newPdfDocument, PdfWriter } from '#lib/pdf-writer.js';
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
  /** A proof copy: marked "PROOF — not for resale" on the ticket and the slip (ADR 0078). */
  proof: boolean;
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

/** The shared writer with the ticket's Code 128 barcode. */
class Writer extends PdfWriter {
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

const newDocument = newPdfDocument;

/** "PROOF — not for resale": the em dash is in WinAnsi, so Helvetica prints it. */
const PROOF_MARK = messages.proofs.mark;

function drawTicket(w: Writer, order: TicketOrder): void {
  w.line(`JOB TICKET  ${order.order_number}`, { size: 18, bold: true });
  // A proof on board is said at the top too: the floor sees it before the books.
  const proofs = order.books.filter((b) => b.proof).length;
  if (proofs > 0) w.line(`${PROOF_MARK} (${proofs} of ${order.books.length} books)`, { size: 14, bold: true });
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
    if (book.proof) w.line(PROOF_MARK, { size: 16, bold: true });
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
  for (const book of order.books) {
    const proof = book.proof ? `  ${PROOF_MARK}` : '';
    w.line(`${book.quantity} × ${book.title} (${book.category})${proof}`, { indent: 12 });
  }
  w.gap(8);
  w.line(`Questions about your order? Quote ${order.order_number}.`);
  return doc.save();
}
