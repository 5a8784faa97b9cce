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
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus } from '@bindery/contracts/order-lifecycle';
import { ProjectConfiguration, type Project, type ProjectFileKind } from '@bindery/contracts/store/projects';
import { productByName } from '@bindery/pricing/products';
import { DomainError } from '#lib/domain-error.js';
import { fieldRefusal } from './field-refusal.js';
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
import { createProjectReads } from './project-reads.js';
import { createProjectProof } from './project-proof.js';
import { createProjectReplace } from './project-replace.js';
import { createProjectSubmit } from './project-submit.js';
import {
  findOwnProject,
  findProjectById,
  insertProject,
  lockOrdersOfProject,
  lockOwnProject,
  softDeleteProject,
} from './projects.repository.js';
import { uploadsUsedByOtherProjects } from './uploads.repository.js';

export { projectFileUrl, projectTexts, type ProjectsDeps } from './project-mapping.js';
export { createProjectReads, dropdownData, type ProjectReads } from './project-reads.js';
export type { SubmitResult } from './project-submit.js';

export interface ProjectFileStream {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

export type ProjectsModule = ReturnType<typeof createProjects>;

export function createProjects(deps: ProjectsDeps) {
  const { db, catalog, fileStore, orders, clock, log } = deps;
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

  const submitProject = createProjectSubmit(deps, getMyProject);

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

  const removeFiles = (keys: string[]) => removeStoredFiles(fileStore, log, keys);

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
    // An ordered book's replacement file while its order is on hold (ADR 0072), in the orders module's transaction.
    ...createProjectReplace(deps),
    // A proof copy of a book, and the book stamped when its proof is approved (ADR 0078).
    ...createProjectProof(deps, getMyProject),
  };
}
