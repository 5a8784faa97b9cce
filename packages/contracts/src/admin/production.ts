/**
 * Order notes and the production floor (docs/decisions/0071). Admins only: 401 without a token, 403 for customers.
 *
 * - GET    api/admin/orders/{id}/notes/                   → OrderNotesResponse (oldest first; bounded per order)
 * - POST   api/admin/orders/{id}/notes/ OrderNoteBody     → OrderNoteResponse 201 (no status change)
 * - PATCH  api/admin/orders/{id}/notes/{noteId}/ body     → OrderNoteResponse
 * - DELETE api/admin/orders/{id}/notes/{noteId}/          → 204
 * - GET    api/admin/production/groups/                   → ProductionGroupsResponse: what must be made together
 *          (binding, trim, paper, colour) with counts of orders, books and pages, oldest first (bounded)
 * - GET    api/admin/production/?limit&cursor&binding&trim&paper&colour → ProductionPage: paid and in-production
 *          orders past the production delay, oldest paid first (keyset), optionally one group's
 * - GET    api/admin/production/{id}/ticket/               → the job ticket (PDF)
 * - GET    api/admin/production/{id}/packing-slip/         → the packing slip (PDF)
 * - GET    api/admin/production/batch/?binding&trim&paper&colour → every ticket of a group, oldest first (bounded)
 * - GET    api/admin/production/{id}/files/{name}/         → a book's file under its predictable name
 *          (BND-000123-1-interior.pdf, BND-000123-1-cover.pdf: order number, book's position, kind)
 */
import { z } from 'zod';
import { errorBodies, IdParam, OptionalText, PageQuery, page } from '../common.js';
import { defineRoute } from '../route.js';
import { OrderStatus } from '../store/checkout.js';
import { ProjectOptionNames } from '../store/projects.js';

// ---------------------------------------------------------------------------------------------------------------
// Notes

/** At most this many notes on one order (the list is returned whole; nothing is unbounded). */
export const ORDER_NOTES_LIMIT = 100;

export const OrderNote = z.object({
  id: z.number().int().positive(),
  body: z.string(),
  /** Internal notes are for staff only; the customer's order page shows the others. */
  internal: z.boolean(),
  author_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type OrderNote = z.infer<typeof OrderNote>;

/** A note the customer sees on their order page (no author, no internal flag). */
export const CustomerOrderNote = OrderNote.pick({ id: true, body: true, created_at: true });
export type CustomerOrderNote = z.infer<typeof CustomerOrderNote>;

export const OrderNoteBody = z
  .object({
    body: z.string().trim().min(1, { error: 'Write the note' }).max(2000),
    internal: z.boolean().default(true),
  })
  .strict();
export type OrderNoteBody = z.input<typeof OrderNoteBody>;

export const OrderNotePatch = z
  .object({
    body: z.string().trim().min(1, { error: 'Write the note' }).max(2000).optional(),
    internal: z.boolean().optional(),
  })
  .strict();
export type OrderNotePatch = z.input<typeof OrderNotePatch>;

export const OrderNotesResponse = z.object({ notes: z.array(OrderNote) });
export type OrderNotesResponse = z.infer<typeof OrderNotesResponse>;
export const OrderNoteResponse = z.object({ note: OrderNote });
export type OrderNoteResponse = z.infer<typeof OrderNoteResponse>;

export const OrderNoteParams = z.object({ id: IdParam, noteId: IdParam }).strict();
const OrderParams = z.object({ id: IdParam }).strict();

// ---------------------------------------------------------------------------------------------------------------
// The production queue

/** What must be made together: the same binding, trim, paper and interior colour (option names). */
export const ProductionGroupKey = z.object({
  binding: z.string().nullable(),
  trim: z.string().nullable(),
  paper: z.string().nullable(),
  colour: z.string().nullable(),
});
export type ProductionGroupKey = z.infer<typeof ProductionGroupKey>;

/** A group given in a query: every field absent = every group; a field given = books with that option. */
export const ProductionGroupQuery = z
  .object({
    binding: OptionalText(200),
    trim: OptionalText(200),
    paper: OptionalText(200),
    colour: OptionalText(200),
  })
  .strict();
export type ProductionGroupQuery = z.input<typeof ProductionGroupQuery>;

/** At most this many groups are listed (the catalog's combinations in use fit easily). */
export const PRODUCTION_GROUPS_LIMIT = 200;

export const ProductionGroup = ProductionGroupKey.extend({
  orders: z.number().int().nonnegative(),
  books: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  oldest_paid_at: z.iso.datetime({ offset: true }),
});
export type ProductionGroup = z.infer<typeof ProductionGroup>;

export const ProductionGroupsResponse = z.object({ groups: z.array(ProductionGroup) });
export type ProductionGroupsResponse = z.infer<typeof ProductionGroupsResponse>;

export const ProductionBook = z.object({
  item_id: z.number().int().positive(),
  /** 1-based position of the book in its order: the "1" of BND-000123-1-interior.pdf. */
  position: z.number().int().positive(),
  title: z.string(),
  quantity: z.number().int().positive(),
  page_count: z.number().int().positive(),
  options: ProjectOptionNames,
  /** A proof copy, "PROOF — not for resale" (docs/decisions/0078). */
  proof: z.boolean(),
});
export type ProductionBook = z.infer<typeof ProductionBook>;

export const ProductionOrder = z.object({
  id: z.number().int().positive(),
  order_number: z.string(),
  status: OrderStatus,
  paid_at: z.iso.datetime({ offset: true }),
  customer_name: z.string(),
  books: z.array(ProductionBook),
  /** Copies and printed pages (copies × pages) of the order. */
  book_count: z.number().int().nonnegative(),
  page_count: z.number().int().nonnegative(),
  /** How many of its books are proof copies (docs/decisions/0078). */
  proof_count: z.number().int().nonnegative(),
});
export type ProductionOrder = z.infer<typeof ProductionOrder>;

export const ProductionQuery = PageQuery.extend(ProductionGroupQuery.shape).strict();
export type ProductionQuery = z.input<typeof ProductionQuery>;

export const ProductionPage = page(ProductionOrder);
export type ProductionPage = z.infer<typeof ProductionPage>;

/** A batch prints at most this many tickets (the oldest of the group); staff print the rest in the next one. */
export const BATCH_TICKETS_LIMIT = 50;

/** BND-000123-1-interior.pdf: the order number, the book's position, the kind, the stored file's extension. */
export const PRODUCTION_FILE_NAME = /^(BND-\d{6,})-(\d{1,3})-(interior|cover)\.(pdf|png|jpg|jpeg|tif|tiff)$/;
export const ProductionFileParams = z
  .object({ id: IdParam, name: z.string().max(64).regex(PRODUCTION_FILE_NAME, { error: 'Not a file name of this order' }) })
  .strict();

// ---------------------------------------------------------------------------------------------------------------
// The routes (apps/api/src/routes/admin/production)

const tags = ['admin: production'];
const pdf = ['application/pdf'];

export const adminProductionRoutes = {
  listNotes: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/{id}/notes/',
    operationId: 'getAdminOrdersByIdNotes',
    summary: "An order's staff notes, oldest first",
    tags,
    access: 'admin',
    params: OrderParams,
    responses: { 200: OrderNotesResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  addNote: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/{id}/notes/',
    operationId: 'postAdminOrdersByIdNotes',
    summary: 'Adds a note to an order (internal, or shown to the customer); no status change',
    tags,
    access: 'admin',
    params: OrderParams,
    body: OrderNoteBody,
    responses: { 201: OrderNoteResponse, ...errorBodies(400, 401, 403, 404, 409) },
  }),
  editNote: defineRoute({
    method: 'PATCH',
    path: '/api/admin/orders/{id}/notes/{noteId}/',
    operationId: 'patchAdminOrdersByIdNotesByNoteId',
    summary: "Changes a note's text or who sees it",
    tags,
    access: 'admin',
    params: OrderNoteParams,
    body: OrderNotePatch,
    responses: { 200: OrderNoteResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  deleteNote: defineRoute({
    method: 'DELETE',
    path: '/api/admin/orders/{id}/notes/{noteId}/',
    operationId: 'deleteAdminOrdersByIdNotesByNoteId',
    summary: 'Deletes a note',
    tags,
    access: 'admin',
    params: OrderNoteParams,
    responses: { 204: null, ...errorBodies(400, 401, 403, 404) },
  }),
  groups: defineRoute({
    method: 'GET',
    path: '/api/admin/production/groups/',
    operationId: 'getAdminProductionGroups',
    summary: 'What must be made together (binding, trim, paper, colour) with counts of orders, books and pages',
    tags,
    access: 'admin',
    responses: { 200: ProductionGroupsResponse, ...errorBodies(401, 403) },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/production/',
    operationId: 'getAdminProduction',
    summary: 'Paid and in-production orders past the production delay, oldest first (keyset page)',
    tags,
    access: 'admin',
    query: ProductionQuery,
    responses: { 200: ProductionPage, ...errorBodies(400, 401, 403) },
  }),
  ticket: defineRoute({
    method: 'GET',
    path: '/api/admin/production/{id}/ticket/',
    operationId: 'getAdminProductionByIdTicket',
    summary: "An order's job ticket (PDF)",
    tags,
    access: 'admin',
    params: OrderParams,
    produces: pdf,
    responses: { 200: null, ...errorBodies(400, 401, 403, 404) },
  }),
  packingSlip: defineRoute({
    method: 'GET',
    path: '/api/admin/production/{id}/packing-slip/',
    operationId: 'getAdminProductionByIdPackingSlip',
    summary: "An order's packing slip (PDF)",
    tags,
    access: 'admin',
    params: OrderParams,
    produces: pdf,
    responses: { 200: null, ...errorBodies(400, 401, 403, 404) },
  }),
  batch: defineRoute({
    method: 'GET',
    path: '/api/admin/production/batch/',
    operationId: 'getAdminProductionBatch',
    summary: "The job tickets of a group's oldest orders in one PDF (bounded)",
    tags,
    access: 'admin',
    query: ProductionGroupQuery,
    produces: pdf,
    responses: { 200: null, ...errorBodies(400, 401, 403) },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/admin/production/{id}/files/{name}/',
    operationId: 'getAdminProductionByIdFilesByName',
    summary: "A book's file under its predictable name (BND-000123-1-interior.pdf)",
    tags,
    access: 'admin',
    params: ProductionFileParams,
    produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'],
    responses: { 200: null, ...errorBodies(400, 401, 403, 404) },
  }),
};
