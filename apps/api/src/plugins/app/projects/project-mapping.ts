/**
 * Shapes shared by the projects module's verbs (ADR 0070 split projects.service.ts by verb): the texts the spec
 * leaves open, a project row as the contract's Project, the price stored with a project, the options by name, and
 * pricing a configuration with the catalog's own refusals.
 */
import { messages } from '@bindery/contracts/messages';
import {
  ProjectConfiguration,
  optionNamesFrom,
  type CoverExpertRequest,
  type Project,
  type ProjectCategory,
  type ProjectFileKind,
  type ProjectLanguage,
  type ProjectOptionNames,
  type ProjectPrice,
} from '@bindery/contracts/store/projects';
import { CoverPreflightReport } from '@bindery/contracts/store/cover-preflight';
import { PreflightReport } from '@bindery/contracts/store/preflight';
import { formatCents } from '@bindery/pricing/money';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import type { PricedQuote, PriceList } from '../catalog/catalog.service.js';
import type { OrderActorInput } from '../orders/orders.service.js';
import type { FileStore } from './file-store.js';
import { fieldRefusal } from './field-refusal.js';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';
import type { CountCache } from '#db/count-cache.js';
import type { Clock } from '#lib/clock.js';
import type { CatalogModule } from '../catalog/catalog.service.js';
import type { MailMessage } from '../mail/mailer.js';
import type { OrdersModule } from '../orders/orders.service.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import type { ProjectWithFilesRow } from './projects.repository.js';

export const m = messages.projects;

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

/** The customer as the actor of an order move (the cancel of an unpaid order their edit or delete causes). */
export const customerActor = (user: { id: number; name: string }): OrderActorInput => ({
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

export function toProject(row: ProjectWithFilesRow): Project {
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
    // Present only on a proof (docs/decisions/0078), and once a proof of the book was approved.
    ...(row.proof_of === null ? {} : { proof_of: row.proof_of }),
    ...(row.proof_approved_at === null ? {} : { proof_approved_at: iso(row.proof_approved_at) }),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const kindLabel = (kind: OptionKind) =>
  kind
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The price stored with the project, in the contract's decimal strings (ProjectPrice): made from cents once, here. */
export function toProjectPrice({ quote }: PricedQuote, pricedAt: Date): ProjectPrice {
  return {
    cost_per_book: formatCents(quote.costPerBookCents),
    original_total_cost: formatCents(quote.discount?.originalTotalCents ?? quote.totalCents),
    discount_percent: quote.discount?.percent ?? 0,
    discount_amount: formatCents(quote.discount?.amountCents ?? 0),
    total_cost: formatCents(quote.totalCents),
    priced_at: pricedAt.toISOString(),
  };
}

/** The chosen options by name, from the server's catalog (a snapshot: names shown even if the catalog changes). */
export function optionNames(
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
    if (['trim_size', 'binding', 'interior_color', 'paper_type', 'cover_finish'].includes(def.kind)) continue;
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
export function price(
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
      path: field === 'page_count' || field === 'quantity' ? `body.${field}` : `body.configuration.${field}`,
    };
  });
  throw fieldRefusal('invalid', result.error, fields, 'INVALID_CONFIGURATION');
}

/** Removes files after a commit. A failure is logged, not thrown: the change itself has been made. */
export async function removeStoredFiles(
  fileStore: Pick<FileStore, 'remove'>,
  log: { error: (facts: object, message: string) => void },
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await fileStore.remove(key);
    } catch (err) {
      log.error({ err, key }, 'could not remove a stored file');
    }
  }
}

/** What the projects module is built from (createProjects and its verbs). */
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
