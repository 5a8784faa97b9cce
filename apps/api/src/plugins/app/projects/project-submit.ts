/**
 * POST api/book/upload-book/: create or edit a project from checked uploads, priced from the server's catalog,
 * its interior preflighted against the chosen trim (ADR 0060), the cover expert team mailed after commit. Split
 * from projects.service.ts by verb (ADR 0070).
 */
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus } from '@bindery/contracts/order-lifecycle';
import {
  NO_OPTION_NAMES,
  type CoverExpertRequest,
  type Project,
  type ProjectConfiguration,
  type UploadBookBody,
} from '@bindery/contracts/store/projects';
import type { z } from 'zod';
import { PROOF_QUANTITY } from '@bindery/pricing/discounts';
import { productByName, type ProductDefinition } from '@bindery/pricing/products';
import { DomainError } from '#lib/domain-error.js';
import type { Moved } from '../orders/orders.service.js';
import { coverExpertMail, coverExpertTexts, coverExpertVerdict } from './cover-expert-mail.js';
import { fieldRefusal } from './field-refusal.js';
import { coverPreflight, refuseOnCoverErrors } from './cover-preflight.js';
import { interiorPreflight, refuseOnPreflightErrors, refuseUnacknowledgedWarnings } from './preflight.js';
import {
  customerActor,
  m,
  type ProjectsDeps,
  optionNames,
  price,
  projectTexts,
  removeStoredFiles,
  toProjectPrice,
} from './project-mapping.js';
import {
  findOwnProject,
  insertProject,
  lockOrdersOfProject,
  lockOwnProject,
  updateProject,
} from './projects.repository.js';
import { deleteUnusedUploads, lockUsableUploads, markUploadsAttached } from './uploads.repository.js';

/** The parsed upload-book body (defaults applied). */
export type UploadBook = z.output<typeof UploadBookBody>;

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

/** upload-book and its after-commit mail; `getMyProject` answers the saved project as its owner reads it. */
export function createProjectSubmit(
  deps: ProjectsDeps,
  getMyProject: (userId: number, id: number) => Promise<Project>,
) {
  const { db, catalog, fileStore, orders, clock, sendMail, limiter, log, config } = deps;

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
        // A proof stays one copy (ADR 0078): its quantity is not the customer's to change.
        if (existing.proof_of !== null && body.quantity !== PROOF_QUANTITY)
          throw fieldRefusal('invalid', messages.proofs.quantityFixed, 'quantity');
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
      // Warnings are saved once the customer has reviewed these very ones (ADR 0070).
      refuseUnacknowledgedWarnings(preflight, body.preflight_acknowledged);
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
    await removeStoredFiles(fileStore, log, outcome.replacedKeys);
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

  return submitProject;
}
