/**
 * The production floor (docs/decisions/0071): the queue and its groups, an order's job ticket and packing slip, a
 * group's batch of tickets, and a book's files under predictable names (BND-000123-1-interior.pdf). File
 * checksums are SHA-256 of the stored bytes, computed from the file store's stream the first time a ticket needs
 * them and kept on the upload row (the bytes of an attached upload never change).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  BATCH_TICKETS_LIMIT,
  PRODUCTION_FILE_NAME,
  type ProductionGroup,
  type ProductionGroupQuery,
  type ProductionOrder,
  type ProductionPage,
  type ProductionQuery,
} from '@bindery/contracts/admin/production';
import { optionNamesFrom } from '@bindery/contracts/store/projects';
import { BINDING_STYLE_DEFINITIONS } from '@bindery/pricing/bindings';
import { spineWidthUm } from '@bindery/pricing/cover';
import { DEFAULT_PAPER_STOCK, paperStockByName } from '@bindery/pricing/physical';
import type { Db } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import { decodeCursor, TimeIdCursor, toPage } from '#lib/keyset.js';
import { postalLines } from '#lib/pdf-writer.js';
import type { FileStore } from '../projects/file-store.js';
import { iso } from '../orders/order-views.js';
import { jobTicketsPdf, packingSlipPdf, type TicketBook, type TicketOrder } from './job-ticket.js';
import {
  booksOf,
  productionGroupsQuery,
  productionQueueQuery,
  ticketOrderQuery,
  type BookRow,
} from './production.repository.js';

/** The production delay when none is given (the plugin passes PRODUCTION_DELAY_MINUTES: docs/decisions/0072). */
export const PRODUCTION_DELAY_MS = 0;
/** Days from payment to the ticket's due date (the spec's "ships in 3–5 business days", its first day). */
export const DUE_DAYS = 3;

const ORDER_NOT_FOUND = 'Order not found.';
const FILE_NOT_FOUND = 'This order has no such file.';

export interface ProductionDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  delayMs?: number;
}

const extensionOf = (fileName: string, fallback: string) =>
  /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase() ?? fallback;

/** BND-000123-1-interior.pdf */
export const productionFileName = (orderNumber: string, position: number, kind: 'interior' | 'cover', original: string) =>
  `${orderNumber}-${position}-${kind}.${extensionOf(original, kind === 'interior' ? 'pdf' : 'png')}`;

/** The spine width in inches and millimetres, or "none" for a binding without a spine (or an unknown one). */
function spineOf(book: BookRow): string {
  const options = optionNamesFrom(book.options);
  const style = Object.values(BINDING_STYLE_DEFINITIONS).find((d) => d.name === options.binding_type);
  if (!style || style.cover === 'calendar' || style.style === 'saddle_stitch') return 'none';
  const paper = (options.paper_type && paperStockByName(options.paper_type)) || DEFAULT_PAPER_STOCK;
  const um = spineWidthUm(style.style, book.page_count, paper);
  return `${(um / 25_400).toFixed(3)} in (${(um / 1000).toFixed(2)} mm)`;
}

function preflightOf(stored: unknown): string {
  const report = stored as { status?: string; checks?: { status?: string; title?: string }[] } | null;
  if (!report?.status) return 'not run';
  const problems = (report.checks ?? []).filter((c) => c.status && c.status !== 'pass').map((c) => c.title ?? '');
  return problems.length > 0 ? `${report.status} (${problems.filter(Boolean).join('; ')})` : report.status;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createProduction(deps: ProductionDeps) {
  const { db, files } = deps;
  const delayMs = deps.delayMs ?? PRODUCTION_DELAY_MS;

  /** The upload's checksum, computed from the stored bytes once and kept. */
  async function checksum(uploadId: string, key: string, known: string | null): Promise<string> {
    if (known) return known;
    const stored = await files.open(key);
    if (!stored) return 'file missing from the store';
    const hex = await sha256Of(stored.stream);
    await db.updateTable('uploads').set({ sha256: hex }).where('id', '=', uploadId).execute();
    return hex;
  }

  const booksByOrder = async (orderIds: readonly number[]) => {
    const rows = await booksOf(db, orderIds);
    const byOrder = new Map<number, BookRow[]>();
    for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
    return byOrder;
  };

  async function ticketOf(orderId: number, books: BookRow[]): Promise<TicketOrder> {
    const order = await ticketOrderQuery(db, orderId).executeTakeFirst();
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const a = order.address as Record<string, string | undefined>;
    const ship = order.shipping_service as { courier_name?: string; service_name?: string };
    const paid = order.paid_at ? new Date(order.paid_at) : null;
    const ticketBooks: TicketBook[] = [];
    for (const [i, book] of books.entries()) {
      const position = i + 1;
      const o = optionNamesFrom(book.options);
      const specs: [string, string][] = [
        ['Trim', o.trim_size ?? '—'],
        ['Binding', o.binding_type ?? '—'],
        ['Paper', o.paper_type ?? '—'],
        ['Interior', o.interior_color ?? '—'],
        ['Cover finish', o.cover_finish ?? '—'],
        ...Object.entries(o.extras),
      ];
      const bookFiles = [
        {
          name: productionFileName(order.order_number, position, 'interior', book.pdf_name),
          original_name: book.pdf_name,
          sha256: await checksum(book.pdf_id, book.pdf_key, book.pdf_sha256),
        },
      ];
      if (book.cover_id && book.cover_key && book.cover_name) {
        bookFiles.push({
          name: productionFileName(order.order_number, position, 'cover', book.cover_name),
          original_name: book.cover_name,
          sha256: await checksum(book.cover_id, book.cover_key, book.cover_sha256),
        });
      }
      ticketBooks.push({
        position,
        title: book.title,
        category: book.category,
        quantity: book.quantity,
        page_count: book.page_count,
        specs,
        spine: spineOf(book),
        files: bookFiles,
        preflight: preflightOf(book.preflight),
        proof: book.proof,
      });
    }
    return {
      order_number: order.order_number,
      status: order.status,
      customer_name: order.customer_name,
      customer_email: order.customer_email,
      ship_to: [...postalLines(order.address), a.phone_number].filter(
        (l): l is string => typeof l === 'string' && l.trim() !== '',
      ),
      shipping: [ship.courier_name, ship.service_name].filter(Boolean).join(' ') || '—',
      paid_at: paid ? paid.toISOString().slice(0, 10) : 'not paid',
      due: paid ? new Date(paid.getTime() + DUE_DAYS * 86_400_000).toISOString().slice(0, 10) : '—',
      books: ticketBooks,
    };
  }

  async function oneTicket(orderId: number): Promise<TicketOrder> {
    const books = (await booksByOrder([orderId])).get(orderId) ?? [];
    return ticketOf(orderId, books);
  }

  return {
    async page(query: ProductionQuery & { limit: number }): Promise<ProductionPage> {
      const { limit, cursor, ...group } = query;
      const after = decodeCursor(cursor, TimeIdCursor);
      const rows = await productionQueueQuery(db, group, {
        limit,
        after,
        now: deps.clock.now(),
        delayMs,
      }).execute();
      const { rows: pageRows, next_cursor } = toPage(rows, limit, (r) => [r.cursor_time, r.id]);
      const books = await booksByOrder(pageRows.map((r) => r.id));
      const data: ProductionOrder[] = pageRows.map((r) => {
        const own = books.get(r.id) ?? [];
        return {
          id: r.id,
          order_number: r.order_number,
          status: r.status,
          paid_at: iso(r.paid_at),
          customer_name: r.customer_name,
          books: own.map((b, i) => ({
            item_id: b.item_id,
            position: i + 1,
            title: b.title,
            quantity: b.quantity,
            page_count: b.page_count,
            options: optionNamesFrom(b.options),
            proof: b.proof,
          })),
          book_count: own.reduce((n, b) => n + b.quantity, 0),
          page_count: own.reduce((n, b) => n + b.quantity * b.page_count, 0),
          proof_count: own.filter((b) => b.proof).length,
        };
      });
      return { data, next_cursor };
    },

    async groups(): Promise<ProductionGroup[]> {
      const rows = await productionGroupsQuery(db, deps.clock.now(), delayMs).execute();
      return rows.map((r) => ({
        binding: r.binding,
        trim: r.trim,
        paper: r.paper,
        colour: r.colour,
        orders: Number(r.orders),
        books: Number(r.books),
        pages: Number(r.pages),
        oldest_paid_at: iso(r.oldest_paid_at),
      }));
    },

    async ticketPdf(orderId: number): Promise<{ bytes: Uint8Array; fileName: string }> {
      const ticket = await oneTicket(orderId);
      return { bytes: await jobTicketsPdf([ticket]), fileName: `${ticket.order_number}-ticket.pdf` };
    },

    async packingSlipPdf(orderId: number): Promise<{ bytes: Uint8Array; fileName: string }> {
      const ticket = await oneTicket(orderId);
      return { bytes: await packingSlipPdf(ticket), fileName: `${ticket.order_number}-packing-slip.pdf` };
    },

    /** The tickets of the group's oldest BATCH_TICKETS_LIMIT orders in the queue, in one PDF. */
    async batchPdf(group: ProductionGroupQuery): Promise<{ bytes: Uint8Array; fileName: string }> {
      const rows = await productionQueueQuery(db, group, {
        limit: BATCH_TICKETS_LIMIT - 1,
        now: deps.clock.now(),
        delayMs,
      }).execute();
      const books = await booksByOrder(rows.map((r) => r.id));
      const tickets: TicketOrder[] = [];
      for (const r of rows) tickets.push(await ticketOf(r.id, books.get(r.id) ?? []));
      return { bytes: await jobTicketsPdf(tickets), fileName: 'job-tickets.pdf' };
    },

    /** A book's file under its predictable name: the stream, its type and size. */
    async file(orderId: number, name: string) {
      const match = PRODUCTION_FILE_NAME.exec(name);
      const order = await ticketOrderQuery(db, orderId).executeTakeFirst();
      if (!match || !order || match[1] !== order.order_number) throw new DomainError('not_found', FILE_NOT_FOUND);
      const books = (await booksByOrder([orderId])).get(orderId) ?? [];
      const book = books[Number(match[2]) - 1];
      const kind = match[3] as 'interior' | 'cover';
      const key = kind === 'interior' ? book?.pdf_key : book?.cover_key;
      const original = kind === 'interior' ? book?.pdf_name : book?.cover_name;
      if (!book || !key || !original || productionFileName(order.order_number, Number(match[2]), kind, original) !== name) {
        throw new DomainError('not_found', FILE_NOT_FOUND);
      }
      const stored = await files.open(key);
      if (!stored) throw new DomainError('not_found', FILE_NOT_FOUND);
      const type = extensionOf(original, 'pdf');
      const contentType =
        type === 'pdf' ? 'application/pdf' : type === 'png' ? 'image/png' : type.startsWith('tif') ? 'image/tiff' : 'image/jpeg';
      return { stream: stored.stream, size: stored.size, contentType };
    },
  };
}

export type Production = ReturnType<typeof createProduction>;
