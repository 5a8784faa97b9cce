/**
 * Book projects: what a customer starts (/start-project), configures and uploads (/design-project), hands to the
 * cover expert (/cover-expert), lists (/userdashboard) and puts in the cart (/orders).
 *
 * Paths (docs/spec/customer-journey.md §7, plus the staged upload of docs/decisions/0012):
 * - POST   api/book/uploads/            multipart {purpose, file} → UploadedFile (bearer). The design page uploads
 *                                       the PDF as soon as it is dropped and shows the server's page count.
 * - POST   api/book/upload-book/        JSON UploadBookBody → UploadBookResponse (bearer). Creates the project
 *                                       (or updates `project_id`), priced by the server from its catalog.
 * - GET    api/book/my-books/           MyBooksQuery → MyBooksResponse (bearer): one keyset page, searched and
 *                                       sorted on the server (docs/decisions/0037)
 * - GET    api/book/{id}/               → Project (bearer, owner)
 * - DELETE api/book/{id}/delete/        → { message } (bearer, owner)
 * - GET    api/book/{id}/files/{kind}/  the stored interior PDF or cover (bearer, owner or admin); kind pdf|cover
 * - GET    api/book/dropdown-data/      → DropdownDataResponse (bearer): categories and languages to choose from
 *
 * File facts (type, page count, size) are the server's: it reads the bytes, never the client's claims.
 */
import { z } from 'zod';
import {
  DecimalString,
  ErrorBody,
  Id,
  IdListParam,
  IdParam,
  IdParams,
  PageQuery,
  OptionalText,
  page,
} from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { CoverPreflightReport } from './cover-preflight.js';
import { PdfFacts, PreflightReport } from './preflight.js';

const m = messages.projects;

/** The seven project categories of /start-project, spelled as the spec spells them ("Calender", "e Book"). */
export const PROJECT_CATEGORIES = [
  'Print Book',
  'Photo Book',
  'Comic Book',
  'Magazine',
  'Year Book',
  'Calender',
  'e Book',
] as const;
export const ProjectCategory = z.enum(PROJECT_CATEGORIES, { error: m.selectCategory });
export type ProjectCategory = z.infer<typeof ProjectCategory>;

/** Book languages (optional on a project). */
export const PROJECT_LANGUAGES = ['english', 'urdu', 'arabic'] as const;
export const ProjectLanguage = z.enum(PROJECT_LANGUAGES, { error: m.validCategoryLanguage });
export type ProjectLanguage = z.infer<typeof ProjectLanguage>;

export const PROJECT_TITLE_MAX = 255;
export const ProjectTitle = z
  .string({ error: m.enterDetails })
  .trim()
  .min(1, { error: m.enterDetails })
  .max(PROJECT_TITLE_MAX, { error: m.enterDetails });

/** Interior PDFs: 2 to 800 pages (docs/spec/customer-journey.md §9); every upload at most 50 MB. */
export const PDF_MIN_PAGES = 2;
export const PDF_MAX_PAGES = 800;
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** What an upload is for: the interior PDF (PDF only, page-counted) or the cover (JPEG, PNG or PDF). */
export const UploadPurpose = z.enum(['interior', 'cover']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;

/** POST api/book/uploads/ answer: a stored, checked file, not yet attached to a project (kept 24 h). */
export const UploadedFile = z.object({
  id: z.uuid(),
  purpose: UploadPurpose,
  file_name: z.string(),
  content_type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
  size_bytes: z.number().int().nonnegative(),
  /** Pages the server counted in a PDF; null for images. */
  page_count: z.number().int().positive().nullable(),
  /** Pixels the server decoded from a cover image; null for PDFs (optional: added later, docs/decisions/0026). */
  width_px: z.number().int().positive().nullable().optional(),
  height_px: z.number().int().positive().nullable().optional(),
  /**
   * What the server read of a PDF's pages (sizes, rotations, fonts, images) for the print preflight; null for images
   * and for files uploaded before it was kept (docs/decisions/0060; a PDF cover's since 0069). The report against a
   * trim: preflightReport(); a cover's against its book: coverPreflightReport().
   */
  pdf_facts: PdfFacts.nullable().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/**
 * GET api/book/uploads/{id}/facts/: one of the customer's uploads, still usable (pending and not expired, or the file of
 * one of their projects). The design page restores a saved draft's files by id through it (docs/decisions/0038).
 */
export const UploadParams = z.object({ id: z.uuid() }).strict();
export type UploadParams = z.infer<typeof UploadParams>;

/**
 * The printable configuration: catalog item ids of the project's product (the calculator's body fields).
 * trim_size_id is absent for calendars; extras only where the product has them (photo book, thesis).
 */
export const ProjectConfiguration = z
  .object({
    trim_size_id: Id.optional(),
    binding_id: Id,
    interior_color_id: Id,
    paper_type_id: Id,
    cover_finish_id: Id.optional(),
    spine_id: Id.optional(),
    exterior_color_id: Id.optional(),
    foil_stamping_id: Id.optional(),
    screen_stamping_id: Id.optional(),
    corner_protector_id: Id.optional(),
  })
  .strict();
export type ProjectConfiguration = z.infer<typeof ProjectConfiguration>;

/** The cover expert request (docs/spec/customer-journey.md §2 Cover expert); the re-uploaded PDF is `pdf_upload_id`. */
export const CoverExpertRequest = z
  .object({
    contact_name: z.string({ error: m.nameRequired }).trim().min(1, { error: m.nameRequired }).max(150),
    contact_email: z
      .string({ error: m.emailRequired })
      .trim()
      .min(1, { error: m.emailRequired })
      .max(254)
      .pipe(z.email({ error: m.emailInvalid })),
    book_title: z
      .string({ error: m.bookTitleRequired })
      .trim()
      .min(1, { error: m.bookTitleRequired })
      .max(255),
    book_genre: z
      .string({ error: m.bookGenreRequired })
      .trim()
      .min(1, { error: m.bookGenreRequired })
      .max(100),
    cover_description: z
      .string({ error: m.coverDescriptionRequired })
      .trim()
      .min(1, { error: m.coverDescriptionRequired })
      .max(5000),
  })
  .strict();
export type CoverExpertRequest = z.infer<typeof CoverExpertRequest>;

/**
 * POST api/book/upload-book/ (bearer). Creates a project, or replaces project `project_id` (the dashboard's edit).
 * The page count is the PDF's (the server counts it); `page_count`, when sent, must match it. e Book projects
 * carry no configuration and no quantity. A cover file and a cover expert request exclude each other.
 */
export const UploadBookBody = z
  .object({
    project_id: Id.optional(),
    title: ProjectTitle,
    category: ProjectCategory,
    language: ProjectLanguage.nullable().optional(),
    pdf_upload_id: z.uuid({ error: m.uploadPdf }),
    cover_upload_id: z.uuid().nullable().optional(),
    page_count: z.number().int().positive().optional(),
    configuration: ProjectConfiguration.nullable().optional(),
    quantity: z.number().int().positive().max(100_000).default(1),
    cover_expert: CoverExpertRequest.nullable().optional(),
    /**
     * The `warnings_key` of the preflight report the customer reviewed: a book whose interior has warnings is saved
     * only when this matches the report the server computes (ADR 0070).
     */
    preflight_acknowledged: z.string().max(32).nullable().optional(),
  })
  .strict();
export type UploadBookBody = z.input<typeof UploadBookBody>;

/** One option as chosen, by name (what the admin order view and the cart show). */
export const ProjectOptionNames = z.object({
  trim_size: z.string().nullable(),
  binding_type: z.string().nullable(),
  interior_color: z.string().nullable(),
  paper_type: z.string().nullable(),
  cover_finish: z.string().nullable(),
  /** Extras by kind label ("Spine": "Round"), for photo book and thesis. */
  extras: z.record(z.string(), z.string()),
});
export type ProjectOptionNames = z.infer<typeof ProjectOptionNames>;

/** The names of a book that has chosen no option yet (a draft before its first quote). */
export const NO_OPTION_NAMES: Readonly<ProjectOptionNames> = {
  trim_size: null,
  binding_type: null,
  interior_color: null,
  paper_type: null,
  cover_finish: null,
  extras: {},
};

/** The option names a project row keeps (JSON written by the API itself), with the unnamed ones null. */
export const optionNamesFrom = (stored: unknown): ProjectOptionNames => ({
  ...NO_OPTION_NAMES,
  ...(stored as Partial<ProjectOptionNames>),
});

/** The server's price of a project at its quantity, as of `priced_at` (checkout prices again). */
export const ProjectPrice = z.object({
  cost_per_book: DecimalString,
  original_total_cost: DecimalString,
  discount_percent: z.number().int().nonnegative(),
  discount_amount: DecimalString,
  total_cost: DecimalString,
  priced_at: z.iso.datetime({ offset: true }),
});
export type ProjectPrice = z.infer<typeof ProjectPrice>;

/** A stored file of a project; `url` is the API path that serves it to the owner or an admin. */
export const ProjectFile = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  url: z.string(),
});
export type ProjectFile = z.infer<typeof ProjectFile>;

/** Project states: draft (configured, not ordered), ordered (in a paid order; then it cannot be deleted). */
export const ProjectStatus = z.enum(['draft', 'ordered']);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

export const Project = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  category: ProjectCategory,
  language: ProjectLanguage.nullable(),
  status: ProjectStatus,
  page_count: z.number().int().positive(),
  quantity: z.number().int().positive(),
  configuration: ProjectConfiguration.nullable(),
  options: ProjectOptionNames,
  /** Null for e Book projects (no print price). */
  price: ProjectPrice.nullable(),
  pdf_file: ProjectFile,
  cover_file: ProjectFile.nullable(),
  /** The uploads behind pdf_file and cover_file: an edit sends them back to keep its files (docs/decisions/0038). */
  pdf_upload_id: z.uuid(),
  cover_upload_id: z.uuid().nullable(),
  cover_expert: CoverExpertRequest.nullable(),
  /**
   * The interior's print preflight against the project's options, as of its last save (null: a file uploaded before
   * files were checked; optional: added later). A save whose report has an error is refused (docs/decisions/0060).
   */
  preflight: PreflightReport.nullable().optional(),
  /**
   * The cover file's print preflight against the book's full cover, as of its last save (null: no cover file, an
   * e Book, or a PDF cover uploaded before files were checked). A save whose report has an error is refused
   * (docs/decisions/0069).
   */
  cover_preflight: CoverPreflightReport.nullable().optional(),
  /** A proof copy's draft: the book it proves (one copy, no bulk tiers; docs/decisions/0078). Absent otherwise. */
  proof_of: z.number().int().positive().optional(),
  /** When the customer approved a proof of this book (docs/decisions/0078). Absent until then. */
  proof_approved_at: z.iso.datetime({ offset: true }).optional(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Project = z.infer<typeof Project>;

/** The dashboard's sortable columns, plus newest first (the default). */
export const MY_BOOKS_SORTS = ['created', 'title', 'category'] as const;
export const MyBooksSort = z.enum(MY_BOOKS_SORTS);
export type MyBooksSort = z.infer<typeof MyBooksSort>;

/**
 * GET api/book/my-books/ (docs/decisions/0019, 0037): keyset-paged like every list. `q` finds any part of a title
 * or a category, case-insensitively. `sort` created (default, `order` desc), title or category (`order` asc by
 * default). `ids` reads only those projects (the cart's), `exclude` leaves those out (the dashboard hides what is
 * in the cart): at most 200 each.
 */
export const MyBooksQuery = PageQuery.extend({
  q: OptionalText(200),
  sort: MyBooksSort.default('created'),
  order: z.enum(['asc', 'desc']).optional(),
  ids: IdListParam(200).optional(),
  exclude: IdListParam(200).optional(),
}).strict();
export type MyBooksQuery = z.input<typeof MyBooksQuery>;

/**
 * The spec's `data`, `next_cursor`, `total` (the projects matching every filter: "Showing n of m projects") and
 * `total_projects` (all the customer's projects, whatever the filters: the Total Projects counter, and none at
 * all is the welcome screen).
 */
export const MyBooksResponse = page(Project).extend({
  total: z.number().int().nonnegative(),
  total_projects: z.number().int().nonnegative(),
});
export type MyBooksResponse = z.infer<typeof MyBooksResponse>;

export const UploadBookResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  project: Project,
});
export type UploadBookResponse = z.infer<typeof UploadBookResponse>;

export const DeleteProjectResponse = z.object({ message: z.string() });
export type DeleteProjectResponse = z.infer<typeof DeleteProjectResponse>;

/** GET api/book/dropdown-data/: what /start-project offers. */
export const DropdownDataResponse = z.object({
  categories: z.array(
    z.object({
      name: ProjectCategory,
      /** The catalog slug that prices it (api/{slug}/…), null for e Book. */
      product_slug: z.string().nullable(),
      description: z.string(),
      calculator_name: z.string(),
    }),
  ),
  languages: z.array(ProjectLanguage),
});
export type DropdownDataResponse = z.infer<typeof DropdownDataResponse>;

/** GET api/book/{id}/files/{kind}/: which file of a project (added for docs/decisions/0012). */
export const ProjectFileKind = z.enum(['pdf', 'cover']);
export type ProjectFileKind = z.infer<typeof ProjectFileKind>;
export const ProjectFileParams = z.object({ id: IdParam, kind: ProjectFileKind }).strict();
export type ProjectFileParams = z.infer<typeof ProjectFileParams>;
/** `?download=true` answers with Content-Disposition: attachment (a download); otherwise inline (view). */
export const ProjectFileQuery = z.object({ download: z.stringbool().optional() }).strict();
export type ProjectFileQuery = z.infer<typeof ProjectFileQuery>;

const tags = ['projects'];
const projectErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Book projects and their files under /api/book/ (apps/api/src/routes/store/projects; docs/decisions/0012). */
export const projectRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/book/uploads/',
    operationId: 'postBookUploads',
    summary: 'Upload an interior PDF or a cover (multipart: purpose, file); the server checks the bytes',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:write',
    multipart: true,
    responses: {
      201: UploadedFile,
      ...projectErrors,
      413: ErrorBody,
      415: ErrorBody,
      429: ErrorBody,
      503: ErrorBody,
    },
  }),
  uploadFacts: defineRoute({
    method: 'GET',
    path: '/api/book/uploads/{id}/facts/',
    operationId: 'getBookUploadsByIdFacts',
    summary: "One of the customer's uploads, while a project may still use it (restoring a design draft)",
    tags,
    access: 'owner',
    apiKeyScope: 'orders:write',
    params: UploadParams,
    responses: { 200: UploadedFile, ...projectErrors },
  }),
  uploadFile: defineRoute({
    method: 'GET',
    path: '/api/book/uploads/{id}/file/',
    operationId: 'getBookUploadsByIdFile',
    summary: "The bytes of one of the customer's usable uploads (the design page's preview, ADR 0073)",
    tags,
    access: 'owner',
    params: UploadParams,
    produces: ['application/pdf', 'image/jpeg', 'image/png'],
    // The file's bytes (at most UPLOAD_MAX_BYTES, a stream, never JSON), its own Content-Type.
    responses: { 200: null, ...projectErrors },
  }),
  uploadBook: defineRoute({
    method: 'POST',
    path: '/api/book/upload-book/',
    operationId: 'postBookUploadBook',
    summary: 'Create (or edit, with project_id) a project from uploaded files; priced by the server',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:write',
    body: UploadBookBody,
    responses: { 200: UploadBookResponse, 201: UploadBookResponse, ...projectErrors },
  }),
  myBooks: defineRoute({
    method: 'GET',
    path: '/api/book/my-books/',
    operationId: 'getBookMyBooks',
    summary: "The customer's projects: one keyset page, searched and sorted on the server",
    tags,
    access: 'customer',
    apiKeyScope: 'orders:write',
    query: MyBooksQuery,
    responses: { 200: MyBooksResponse, 400: ErrorBody, 401: ErrorBody },
  }),
  dropdownData: defineRoute({
    method: 'GET',
    path: '/api/book/dropdown-data/',
    operationId: 'getBookDropdownData',
    summary: 'Project categories (with the catalog slug that prices each) and languages',
    tags,
    access: 'customer',
    apiKeyScope: 'catalog:read',
    responses: { 200: DropdownDataResponse, 401: ErrorBody },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/book/{id}/',
    operationId: 'getBookById',
    summary: "One of the customer's projects",
    tags,
    access: 'owner',
    apiKeyScope: 'orders:write',
    params: IdParams,
    responses: { 200: Project, ...projectErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/book/{id}/delete/',
    operationId: 'deleteBookByIdDelete',
    summary: 'Delete a project (not once paid for; an unpaid order holding it is canceled)',
    tags,
    access: 'owner',
    apiKeyScope: 'orders:write',
    params: IdParams,
    responses: { 200: DeleteProjectResponse, ...projectErrors, 409: ErrorBody },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/book/{id}/files/{kind}/',
    operationId: 'getBookByIdFilesByKind',
    summary: "A project's interior PDF or cover file (its owner or an admin)",
    tags,
    access: 'owner-or-admin',
    params: ProjectFileParams,
    query: ProjectFileQuery,
    produces: ['application/pdf', 'image/jpeg', 'image/png'],
    // The file's bytes (a stream, never JSON).
    responses: { 200: null, ...projectErrors },
  }),
};
