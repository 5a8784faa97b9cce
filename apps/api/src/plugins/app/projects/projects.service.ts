/**
 * Book projects: create or edit one from checked uploads (upload-book), list, read, delete, serve its files, and
 * the admin's list of every project with its order. The server decides every fact: page count from the PDF,
 * price from its own catalog, option names from its own list.
 * Rules where the spec is silent: docs/decisions/0012-projects-and-uploads.md.
 *
 * `createProjects({ db, catalog, fileStore, orders, clock, sendMail, log, config })` returns plain functions
 * (docs/decisions/0018): no Fastify; refusals are DomainError. Prices come from the catalog in integer cents and
 * become the contract's decimal strings once, in the price stored with the project (docs/decisions/0039).
 */
import type { Readable } from 'node:stream';
import type { SubmittedProject } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus } from '@bindery/contracts/order-lifecycle';
import {
  PROJECT_CATEGORIES,
  PROJECT_LANGUAGES,
  ProjectConfiguration,
  type CoverExpertRequest,
  type DropdownDataResponse,
  MyBooksSort,
  NO_OPTION_NAMES,
  optionNamesFrom,
  type MyBooksQuery,
  type MyBooksResponse,
  type Project,
  type ProjectCategory,
  type ProjectFileKind,
  type ProjectLanguage,
  type ProjectOptionNames,
  type ProjectPrice,
  type UploadBookBody,
} from '@bindery/contracts/store/projects';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CoverPreflightReport } from '@bindery/contracts/store/cover-preflight';
import { PreflightReport } from '@bindery/contracts/store/preflight';
import { formatCents } from '@bindery/pricing/money';
import { productByName, type OptionKind, type ProductDefinition } from '@bindery/pricing/products';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import type { CountCache } from '#db/count-cache.js';
import { DomainError } from '#lib/domain-error.js';
import { INVALID_CURSOR, TimeIdCursor, decodeCursor, toPage } from '#lib/keyset.js';
import type { CatalogModule, PricedQuote, PriceList } from '../catalog/catalog.service.js';
import type { Moved, OrderActorInput, OrdersModule } from '../orders/orders.service.js';
import type { MailMessage } from '../mail/mailer.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { coverExpertMail, coverExpertTexts, coverExpertVerdict } from './cover-expert-mail.js';
import { fieldRefusal } from './field-refusal.js';
import type { FileStore } from './file-store.js';
import { coverPreflight, refuseOnCoverErrors } from './cover-preflight.js';
import { interiorPreflight, refuseOnPreflightErrors } from './preflight.js';
import {
  findOwnProject,
  findProjectById,
  insertProject,
  countOwnProjects,
  ownProjectsPageQuery,
  listProjectsForAdmin,
  lockOrdersOfProject,
  lockOwnProject,
  softDeleteProject,
  updateProject,
  type OwnProjectsFilter,
  type ProjectWithFilesRow,
} from './projects.repository.js';
import {
  deleteUnusedUploads,
  lockUsableUploads,
  markUploadsAttached,
  uploadsUsedByOtherProjects,
} from './uploads.repository.js';

const m = messages.projects;

/** The parsed upload-book body (defaults applied). */
type UploadBook = z.output<typeof UploadBookBody>;

/** Texts for the cases the spec does not cover (docs/decisions/0012). */
export const projectTexts = {
  deleted: 'Project deleted.',
  coverOrExpert: 'Choose either a cover file or the cover expert, not both.',
  eBookNoConfiguration: 'An e-book is not printed: send no configuration.',
  eBookNoQuantity: 'An e-book is not printed: its quantity is 1.',
  eBookNeedsCover: 'An e-book needs its cover: upload a cover image.',
  notAnOption: (field: string, product: string) => `${field} is not an option of ${product}.`,
  noCover: 'This project has no cover file.',
  fileGone: 'This file is no longer stored.',
} as const;

/** Order states in which the project has been paid for: it can no longer change or be deleted. */

/** The customer as the actor of an order move (the cancel of an unpaid order their edit or delete causes). */
const customerActor = (user: { id: number; name: string }): OrderActorInput => ({
  type: 'customer',
  userId: user.id,
  label: user.name,
});

/** The API path serving a project's file to its owner or an admin. */
export const projectFileUrl = (id: number, kind: ProjectFileKind) => `/api/book/${id}/files/${kind}/`;

// ---------------------------------------------------------------------------------------------------------------
// Mapping rows to the contract

/** Timestamps arrive as Date (pg) or text (PGlite may differ); the contract wants ISO 8601 with offset. */
const iso = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString();

function toProject(row: ProjectWithFilesRow): Project {
  const configuration = row.configuration === null ? null : ProjectConfiguration.parse(row.configuration);
  return {
    id: row.id,
    title: row.title,
    category: row.category as ProjectCategory,
    language: row.language as ProjectLanguage | null,
    status: row.status,
    page_count: row.page_count,
    quantity: row.quantity,
    configuration,
    options: optionNamesFrom(row.options),
    price: (row.price as ProjectPrice | null) ?? null,
    pdf_file: {
      file_name: row.pdf_file_name,
      content_type: row.pdf_content_type,
      size_bytes: Number(row.pdf_size_bytes),
      url: projectFileUrl(row.id, 'pdf'),
    },
    cover_file:
      row.cover_file_name === null
        ? null
        : {
            file_name: row.cover_file_name,
            content_type: row.cover_content_type ?? 'application/octet-stream',
            size_bytes: Number(row.cover_size_bytes),
            url: projectFileUrl(row.id, 'cover'),
          },
    pdf_upload_id: row.pdf_upload_id,
    cover_upload_id: row.cover_upload_id,
    cover_expert: (row.cover_expert as CoverExpertRequest | null) ?? null,
    preflight: PreflightReport.nullable()
      .catch(null)
      .parse(row.preflight ?? null),
    cover_preflight: CoverPreflightReport.nullable()
      .catch(null)
      .parse(row.cover_preflight ?? null),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

type MyBooksQueryParsed = z.output<typeof MyBooksQuery>;

/** [order, direction, the last row's sort key, its id]. */
const MyBooksCursor = z.tuple([
  MyBooksSort,
  z.enum(['asc', 'desc']),
  z.string().max(300),
  z.number().int().positive(),
]);

/** One line per category for /start-project (the spec's cards have a description and a calculator name). */
const CATEGORY_COPY: Readonly<Record<ProjectCategory, { description: string; calculator: string }>> = {
  'Print Book': {
    description: 'Paperback or hardcover books in standard trim sizes.',
    calculator: 'Print Book Calculator',
  },
  'Photo Book': {
    description: 'Premium photo books with optional spine, cover and stamping extras.',
    calculator: 'Photo Book Calculator',
  },
  'Comic Book': {
    description: 'Full-color comics, saddle stitched or perfect bound.',
    calculator: 'Comic Book Calculator',
  },
  Magazine: { description: 'Glossy short-run magazines.', calculator: 'Magazine Calculator' },
  'Year Book': { description: 'School and club yearbooks.', calculator: 'Yearbook Calculator' },
  Calender: { description: 'Wire-O wall calendars, priced per copy.', calculator: 'Calendar Calculator' },
  'e Book': {
    description: 'A digital edition of your PDF and cover at one flat fee: nothing is printed or shipped.',
    calculator: 'Flat fee, no calculator',
  },
};

export function dropdownData(): DropdownDataResponse {
  return {
    categories: PROJECT_CATEGORIES.map((name) => ({
      name,
      product_slug: productByName(name)?.slug ?? null,
      description: CATEGORY_COPY[name].description,
      calculator_name: CATEGORY_COPY[name].calculator,
    })),
    languages: [...PROJECT_LANGUAGES],
  };
}

export interface ProjectFileStream {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

const kindLabel = (kind: OptionKind) =>
  kind
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The price stored with the project, in the contract's decimal strings (ProjectPrice): made from cents once, here. */
function toProjectPrice({ quote }: PricedQuote, pricedAt: Date): ProjectPrice {
  return {
    cost_per_book: formatCents(quote.costPerBookCents),
    original_total_cost: formatCents(quote.discount?.originalTotalCents ?? quote.totalCents),
    discount_percent: quote.discount?.percent ?? 0,
    discount_amount: formatCents(quote.discount?.amountCents ?? 0),
    total_cost: formatCents(quote.totalCents),
    priced_at: pricedAt.toISOString(),
  };
}

/** Body-level checks that need no database: the category's product and what it allows. */
function checkShape(body: UploadBook): {
  product: ProductDefinition;
  configuration: ProjectConfiguration | null;
} {
  if (body.cover_upload_id && body.cover_expert) {
    throw fieldRefusal('invalid', projectTexts.coverOrExpert, 'cover_expert');
  }
  const product = productByName(body.category);
  const configuration = body.configuration ?? null;
  if (product?.digital) {
    // e Book: a digital edition of the interior PDF and its cover, no print options and no copies; its flat fee
    // is the catalog's, never a choice (docs/decisions/0034).
    if (configuration !== null)
      throw fieldRefusal('invalid', projectTexts.eBookNoConfiguration, 'configuration');
    if (body.quantity !== 1) throw fieldRefusal('invalid', projectTexts.eBookNoQuantity, 'quantity');
    if (!body.cover_upload_id) throw fieldRefusal('invalid', projectTexts.eBookNeedsCover, 'cover_upload_id');
    return { product, configuration };
  }
  if (!product || configuration === null)
    throw fieldRefusal('invalid', m.completeConfiguration, 'configuration');
  const allowed = new Set<string>(product.kinds.map((k) => k.bodyField));
  const foreign = Object.keys(configuration).filter((field) => !allowed.has(field));
  const [firstForeign] = foreign;
  if (firstForeign !== undefined) {
    throw fieldRefusal(
      'invalid',
      projectTexts.notAnOption(firstForeign, product.name),
      foreign.map((f) => ({
        path: `body.configuration.${f}`,
        message: projectTexts.notAnOption(f, product.name),
      })),
    );
  }
  return { product, configuration };
}

export interface SubmitResult {
  created: boolean;
  message: string;
  project: Project;
}

export interface ProjectsDeps {
  db: Kysely<DB>;
  /** The lists' counts, reused until this instance writes projects (db/count-cache.ts). */
  counts: CountCache;
  /** The price list is read before a transaction begins and priced from inside it (ADR 0050). */
  catalog: Pick<CatalogModule, 'priceList'>;
  fileStore: Pick<FileStore, 'open' | 'remove'>;
  /** The orders module cancels the unpaid orders an edit or a delete makes stale, in the same transaction. */
  orders: Pick<OrdersModule, 'cancelUnpaidWithin' | 'afterCommit'>;
  clock: Clock;
  /** Sends a mail after the change is made (the cover expert team's); a failure never undoes the change. */
  sendMail: (message: MailMessage) => void;
  /** Counts cover expert mails per project and per account (the shared counters; cover-expert-mail.ts). */
  limiter: Pick<RateLimiter, 'hit' | 'reset'>;
  log: { error: (facts: object, message: string) => void };
  /** Where cover expert requests go, and the URLs their mail links to. */
  config: { coverExpertEmail: string; apiUrl: string; adminUrl: string };
}

export type ProjectsModule = ReturnType<typeof createProjects>;

export type ProjectReads = ReturnType<typeof createProjectReads>;

/** The customer's and the admin's reads of projects: a database and its count cache (a report, a script). */
export function createProjectReads({ db, counts }: { db: Kysely<DB>; counts: CountCache }) {
  const countOwn = (userId: number, filter: OwnProjectsFilter) =>
    counts.count(`own-projects:${userId}:${JSON.stringify(filter)}`, ['projects'], () =>
      countOwnProjects(db, userId, filter),
    );

  // ---------------------------------------------------------------------------------------------------------------
  // Reads

  /**
   * GET api/book/my-books/: one keyset page of the customer's projects, with the count of matches and of all their
   * projects (docs/decisions/0037). The cursor names its order, so a cursor of another order is a 400.
   */
  async function listMyProjects(userId: number, query: MyBooksQueryParsed): Promise<MyBooksResponse> {
    const direction = query.order ?? (query.sort === 'created' ? 'desc' : 'asc');
    const after = decodeCursor(query.cursor, MyBooksCursor);
    if (after && (after[0] !== query.sort || after[1] !== direction)) {
      throw new DomainError('invalid', INVALID_CURSOR, { code: 'INVALID_CURSOR' });
    }
    if (after && query.sort === 'created' && !TimeIdCursor.safeParse([after[2], after[3]]).success) {
      throw new DomainError('invalid', INVALID_CURSOR, { code: 'INVALID_CURSOR' });
    }
    const filter = { q: query.q, ids: query.ids, exclude: query.exclude };
    const filtered = filter.q !== undefined || filter.ids !== undefined || filter.exclude !== undefined;
    const [rows, total, totalProjects] = await Promise.all([
      ownProjectsPageQuery(db, userId, {
        filter,
        sort: query.sort,
        direction,
        limit: query.limit,
        after: after ? [after[2], after[3]] : undefined,
      }).execute(),
      countOwn(userId, filter),
      filtered ? countOwn(userId, {}) : undefined,
    ]);
    const page = toPage(rows, query.limit, (row) => [query.sort, direction, row.cursor_key, row.id]);
    return {
      data: page.rows.map(toProject),
      next_cursor: page.next_cursor,
      total,
      total_projects: totalProjects ?? total,
    };
  }

  async function getMyProject(userId: number, id: number): Promise<Project> {
    const row = await findOwnProject(db, id, userId);
    if (!row) throw new DomainError('not_found', m.projectNotFound);
    return toProject(row);
  }

  /** GET api/book/all-orders/ (admin): submitted projects (not deleted) with their customer, one keyset page. */
  async function listSubmittedProjects(query: {
    limit: number;
    cursor?: string;
    /** Any part of the title or of the customer's e-mail (the spec's 'Search orders by title or email...'). */
    q?: string;
  }): Promise<{ data: SubmittedProject[]; next_cursor: string | null }> {
    const after = decodeCursor(query.cursor, TimeIdCursor);
    const rows = await listProjectsForAdmin(db, { limit: query.limit, after, q: query.q });
    const page = toPage(rows, query.limit, (row) => [row.cursor_time, row.id]);
    const data = page.rows.map((row) => {
      const project = toProject(row);
      return {
        id: project.id,
        title: project.title,
        user_email: row.user_email,
        category: project.category,
        language: project.language,
        created_at: project.created_at,
        page_count: project.page_count,
        binding_type: project.options.binding_type,
        cover_finish: project.options.cover_finish,
        interior_color: project.options.interior_color,
        paper_type: project.options.paper_type,
        trim_size: project.options.trim_size,
        pdf_file: project.pdf_file.url,
        cover_file: project.cover_file?.url ?? null,
        cover_description: project.cover_expert?.cover_description ?? null,
        quantity: project.quantity,
        order_id: row.order_id,
        order_status: row.order_status,
      };
    });
    return { data, next_cursor: page.next_cursor };
  }

  return { listMine: listMyProjects, getMine: getMyProject, listSubmittedProjects };
}

export function createProjects(deps: ProjectsDeps) {
  const { db, catalog, fileStore, orders, clock, sendMail, limiter, log, config } = deps;
  const reads = createProjectReads(deps);
  const getMyProject = reads.getMine;

  // ---------------------------------------------------------------------------------------------------------------
  // Files

  /** The stored file of a project, for its owner (not deleted) or an admin (any project whose file remains). */
  async function openProjectFile(
    user: { id: number; is_admin: boolean },
    id: number,
    kind: ProjectFileKind,
  ): Promise<ProjectFileStream> {
    const row = user.is_admin ? await findProjectById(db, id) : await findOwnProject(db, id, user.id);
    if (!row) throw new DomainError('not_found', m.projectNotFound);
    const file =
      kind === 'pdf'
        ? { key: row.pdf_storage_key, type: row.pdf_content_type, name: row.pdf_file_name }
        : row.cover_storage_key === null
          ? undefined
          : {
              key: row.cover_storage_key,
              type: row.cover_content_type ?? 'application/octet-stream',
              name: row.cover_file_name ?? 'cover',
            };
    if (!file) throw new DomainError('not_found', projectTexts.noCover);
    const stored = await fileStore.open(file.key);
    if (!stored) throw new DomainError('not_found', projectTexts.fileGone);
    return { ...stored, contentType: file.type, fileName: file.name };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // upload-book

  /** The chosen options by name, from the server's catalog (a snapshot: names shown even if the catalog changes). */
  function optionNames(
    list: PriceList,
    product: ProductDefinition,
    configuration: ProjectConfiguration,
  ): ProjectOptionNames {
    const items = list.category(product.slug).byId;
    const picked = configuration as Record<string, number | undefined>;
    const name = (field: string) => {
      const id = picked[field];
      return id === undefined ? null : (items.get(id)?.name ?? null);
    };
    const extras: Record<string, string> = {};
    for (const def of product.kinds) {
      if (['trim_size', 'binding', 'interior_color', 'paper_type', 'cover_finish'].includes(def.kind))
        continue;
      const chosen = name(def.bodyField);
      if (chosen !== null) extras[kindLabel(def.kind)] = chosen;
    }
    return {
      trim_size: name('trim_size_id'),
      binding_type: name('binding_id'),
      interior_color: name('interior_color_id'),
      paper_type: name('paper_type_id'),
      cover_finish: name('cover_finish_id'),
      extras,
    };
  }

  /** Prices the configuration from the catalog; the catalog's own words for what it refuses. */
  function price(
    list: PriceList,
    product: ProductDefinition,
    configuration: Readonly<Record<string, number | undefined>>,
    pageCount: number,
    quantity: number,
  ): PricedQuote {
    const result = list.priceInCents(product.slug, {
      ...configuration,
      page_count: pageCount,
      quantity,
    });
    if (result.ok) return result.value;
    const fields = result.fields.map((f) => {
      const field = f.path.replace(/^body\./, '');
      return {
        ...f,
        path:
          field === 'page_count' || field === 'quantity' ? `body.${field}` : `body.configuration.${field}`,
      };
    });
    throw fieldRefusal('invalid', result.error, fields, 'INVALID_CONFIGURATION');
  }

  /**
   * POST api/book/upload-book/. In one transaction: lock what is changed (the orders holding the project, the
   * project, the uploads), check and price, write the project, mark the uploads attached, drop uploads the edit
   * replaced, cancel unpaid orders holding an edited project. After commit: remove replaced files, mail the cover
   * expert team (within its limits: cover-expert-mail.ts). The price list is read before the transaction: nothing inside it takes another handle (ADR 0050).
   */
  async function submitProject(
    user: { id: number; email: string; name: string },
    body: UploadBook,
  ): Promise<SubmitResult> {
    const { product, configuration } = checkShape(body);
    const uploadIds = [body.pdf_upload_id, ...(body.cover_upload_id ? [body.cover_upload_id] : [])];
    const list = await catalog.priceList();

    const outcome = await db.transaction().execute(async (trx) => {
      let existing: Awaited<ReturnType<typeof lockOwnProject>>;
      let unpaidOrders: number[] = [];
      let canceled: Moved[] = [];
      if (body.project_id !== undefined) {
        // Orders first, then the project: the order a payment confirmation locks them in (no deadlock).
        const visible = await findOwnProject(trx, body.project_id, user.id);
        if (visible) await lockOrdersOfProject(trx, body.project_id);
        existing = visible ? await lockOwnProject(trx, body.project_id, user.id) : undefined;
        // Again: checkout holds the project FOR SHARE while it adds it to a new order; that order is visible now.
        const held = existing ? await lockOrdersOfProject(trx, existing.id) : [];
        if (!existing || existing.status !== 'draft' || held.some((o) => isPaidStatus(o.status))) {
          throw new DomainError('not_found', m.projectNotFound);
        }
        unpaidOrders = held.filter((o) => o.status === 'awaiting_payment').map((o) => o.id);
      }

      const uploads = await lockUsableUploads(trx, {
        userId: user.id,
        ids: uploadIds,
        projectId: existing?.id,
      });
      const pdf = uploads.find((u) => u.id === body.pdf_upload_id);
      if (!pdf) throw fieldRefusal('invalid', m.uploadNotFound, 'pdf_upload_id');
      if (pdf.purpose !== 'interior' || pdf.page_count === null)
        throw fieldRefusal('invalid', m.uploadPdf, 'pdf_upload_id');
      const cover = body.cover_upload_id ? uploads.find((u) => u.id === body.cover_upload_id) : undefined;
      if (body.cover_upload_id && (!cover || cover.purpose !== 'cover')) {
        throw fieldRefusal('invalid', m.uploadNotFound, 'cover_upload_id');
      }
      const pages = pdf.page_count;
      if (body.page_count !== undefined && body.page_count !== pages) {
        throw fieldRefusal('invalid', m.pageCountMismatch(pages), 'page_count');
      }

      const quote = product.digital
        ? price(list, product, list.digitalConfiguration(product.slug), pages, body.quantity)
        : configuration
          ? price(list, product, configuration, pages, body.quantity)
          : null;
      const options = configuration ? optionNames(list, product, configuration) : NO_OPTION_NAMES;
      // The interior's page facts against the chosen trim: an error stops the save with what to do (ADR 0060).
      const preflight = interiorPreflight(list, product, configuration, pdf.pdf_facts);
      refuseOnPreflightErrors(preflight);
      // The cover against the full cover these options need: a new spine width is found here (ADR 0069).
      const coverReport = coverPreflight(list, product, configuration, pages, cover);
      refuseOnCoverErrors(coverReport);
      const values = {
        title: body.title,
        category: body.category,
        language: body.language ?? null,
        product_slug: product.slug,
        page_count: pages,
        quantity: body.quantity,
        configuration: configuration === null ? null : JSON.stringify(configuration),
        options: JSON.stringify(options),
        price: quote === null ? null : JSON.stringify(toProjectPrice(quote, clock.now())),
        pdf_upload_id: pdf.id,
        cover_upload_id: cover?.id ?? null,
        cover_expert: body.cover_expert ? JSON.stringify(body.cover_expert) : null,
        preflight: preflight === null ? null : JSON.stringify(preflight),
        cover_preflight: coverReport === null ? null : JSON.stringify(coverReport),
      };

      let id: number;
      let replacedKeys: string[] = [];
      if (existing) {
        id = existing.id;
        await updateProject(trx, id, values);
        const replaced = [existing.pdf_upload_id, existing.cover_upload_id].filter(
          (u): u is string => u !== null && !uploadIds.includes(u),
        );
        replacedKeys = await deleteUnusedUploads(trx, replaced);
        // The unpaid order priced the project as it was: it no longer describes what would be printed.
        canceled = await orders.cancelUnpaidWithin(
          trx,
          unpaidOrders,
          customerActor(user),
          messages.orders.canceledBookChanged,
        );
      } else {
        id = await insertProject(trx, { user_id: user.id, ...values });
      }
      await markUploadsAttached(
        trx,
        uploads.filter((u) => u.attached_at === null).map((u) => u.id),
      );
      return { id, created: !existing, replacedKeys, canceled };
    });

    // The canceled orders' open payment attempts are closed at the providers (ADR 0051).
    await orders.afterCommit(outcome.canceled);
    await removeFiles(outcome.replacedKeys);
    const project = await getMyProject(user.id, outcome.id);
    return {
      created: outcome.created,
      message: body.cover_expert ? await askCoverExpert(user, body.cover_expert, project) : m.submitted,
      project,
    };
  }

  /** Mails the cover expert team about a saved project, within the limits; the answer's message says what went. */
  async function askCoverExpert(
    user: { id: number; email: string },
    request: CoverExpertRequest,
    project: Project,
  ): Promise<string> {
    let verdict: Awaited<ReturnType<typeof coverExpertVerdict>>;
    try {
      verdict = await coverExpertVerdict(limiter, { userId: user.id, projectId: project.id });
    } catch (err) {
      // The project is saved; only the mail waits for a save that can count it.
      log.error({ err, projectId: project.id }, 'cover expert request not counted: not sent');
      return coverExpertTexts.unavailable;
    }
    if (verdict === 'account-limit') return coverExpertTexts.accountLimit;
    if (verdict === 'send') {
      sendMail(
        coverExpertMail({
          to: config.coverExpertEmail,
          request,
          project,
          customerEmail: user.email,
          apiUrl: config.apiUrl,
          adminUrl: config.adminUrl,
        }),
      );
    }
    return m.coverExpertSubmitted;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // delete

  /**
   * DELETE api/book/{id}/delete/ (decision 8 of the order journey): a project in a paid order cannot be deleted
   * (409); an unpaid order holding it is canceled; the project is soft-deleted; its files are removed only when no
   * order item references it (otherwise the order keeps what it was about).
   */
  async function deleteProject(user: { id: number; name: string }, id: number): Promise<void> {
    const userId = user.id;
    const { keys, canceled } = await db.transaction().execute(async (trx) => {
      const visible = await findOwnProject(trx, id, userId);
      if (!visible) throw new DomainError('not_found', m.projectNotFound);
      await lockOrdersOfProject(trx, id);
      const project = await lockOwnProject(trx, id, userId);
      if (!project) throw new DomainError('not_found', m.projectNotFound);
      // Again: checkout holds the project FOR SHARE while it adds it to a new order; that order is visible now.
      const held = await lockOrdersOfProject(trx, id);
      if (project.status === 'ordered' || held.some((o) => isPaidStatus(o.status))) {
        throw new DomainError('conflict', m.projectInOrder);
      }
      const canceled = await orders.cancelUnpaidWithin(
        trx,
        held.filter((o) => o.status === 'awaiting_payment').map((o) => o.id),
        customerActor(user),
        messages.orders.canceledBookDeleted,
      );
      // Read the files after the lock: an edit that committed meanwhile may have replaced them.
      const current = await findOwnProject(trx, id, userId);
      await softDeleteProject(trx, id);
      if (held.length > 0 || !current) return { keys: [], canceled };
      // A reorder's projects share the files of the ordered ones: a file another project uses stays.
      const files = [
        { upload: current.pdf_upload_id, key: current.pdf_storage_key },
        ...(current.cover_upload_id && current.cover_storage_key
          ? [{ upload: current.cover_upload_id, key: current.cover_storage_key }]
          : []),
      ];
      const shared = await uploadsUsedByOtherProjects(
        trx,
        files.map((f) => f.upload),
        id,
      );
      return { keys: files.filter((f) => !shared.has(f.upload)).map((f) => f.key), canceled };
    });
    // The canceled orders' open payment attempts are closed at the providers (ADR 0051).
    await orders.afterCommit(canceled);
    await removeFiles(keys);
  }

  /** Removes files after a commit. A failure is logged, not thrown: the change itself has been made. */
  async function removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await fileStore.remove(key);
      } catch (err) {
        log.error({ err, key }, 'could not remove a stored file');
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // reorder

  /**
   * New draft projects of the caller's, copies of books they ordered (the orders module checked the order is theirs
   * and paid): same title, options and files (no re-upload: the uploads are shared, and removing one project never
   * removes a file another uses), the copies asked for, priced at today's catalog. One transaction; a book the
   * catalog can no longer price refuses the whole reorder with the catalog's words (400). The price list is read
   * before the transaction (ADR 0050).
   */
  async function copyProjectsForReorder(
    userId: number,
    items: readonly { projectId: number; quantity: number }[],
  ): Promise<Project[]> {
    const list = await catalog.priceList();
    const ids = await db.transaction().execute(async (trx) => {
      const created: number[] = [];
      for (const item of items) {
        const source = await findProjectById(trx, item.projectId);
        if (!source || source.user_id !== userId) throw new DomainError('not_found', m.projectNotFound);
        const product = productByName(source.category);
        const configuration =
          source.configuration === null ? null : ProjectConfiguration.parse(source.configuration);
        if (!product || !configuration)
          throw fieldRefusal('invalid', messages.checkout.projectNotOrderable, 'items');
        const quote = price(list, product, configuration, source.page_count, item.quantity);
        const id = await insertProject(trx, {
          user_id: userId,
          title: source.title,
          category: source.category,
          language: source.language,
          product_slug: product.slug,
          page_count: source.page_count,
          quantity: item.quantity,
          configuration: JSON.stringify(configuration),
          options: JSON.stringify(optionNames(list, product, configuration)),
          price: JSON.stringify(toProjectPrice(quote, clock.now())),
          pdf_upload_id: source.pdf_upload_id,
          cover_upload_id: source.cover_upload_id,
          cover_expert: source.cover_expert === null ? null : JSON.stringify(source.cover_expert),
        });
        created.push(id);
      }
      return created;
    });
    return Promise.all(ids.map((id) => getMyProject(userId, id)));
  }

  return {
    ...reads,
    openFile: openProjectFile,
    submit: submitProject,
    remove: deleteProject,
    copyForReorder: copyProjectsForReorder,
  };
}
