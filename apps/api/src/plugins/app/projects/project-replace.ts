/**
 * A replacement file for an ordered book (docs/decisions/0072): while its order is on hold, the customer's new
 * interior and/or cover is preflighted exactly as upload-book preflights (ADR 0060, 0069, 0070) and kept on the
 * project only when it passes; the price of the new page count is compared with the old one at the same price
 * list, so a catalog change since the order never shows as a difference. Runs inside the orders module's
 * transaction (it locked the order first, then this locks the project: the order payments lock them in).
 */
import type { Transaction } from 'kysely';
import { ProjectConfiguration } from '@bindery/contracts/store/projects';
import { productByName } from '@bindery/pricing/products';
import type { DB } from '#db/database.js';
import type { PriceList } from '../catalog/catalog.service.js';
import type { ReplaceFilesArgs, ReplacedFiles } from '../orders/order-types.js';
import { coverPreflight, refuseOnCoverErrors } from './cover-preflight.js';
import { fieldRefusal } from './field-refusal.js';
import { interiorPreflight, refuseOnPreflightErrors, refuseUnacknowledgedWarnings } from './preflight.js';
import { m, price, removeStoredFiles, type ProjectsDeps } from './project-mapping.js';
import { lockOwnProject, updateProject } from './projects.repository.js';
import { deleteUnusedUploads, lockUsableUploads, markUploadsAttached } from './uploads.repository.js';

export function createProjectReplace(deps: Pick<ProjectsDeps, 'fileStore' | 'log'>) {
  async function replaceFilesWithin(
    trx: Transaction<DB>,
    list: PriceList,
    args: ReplaceFilesArgs,
  ): Promise<ReplacedFiles> {
    const project = await lockOwnProject(trx, args.projectId, args.userId);
    if (!project) throw fieldRefusal('invalid', m.projectNotFound, 'project_id');
    const product = productByName(project.category);
    const configuration = ProjectConfiguration.nullable()
      .catch(null)
      .parse(project.configuration ?? null);
    if (!product || product.digital || configuration === null)
      throw fieldRefusal('invalid', m.projectNotFound, 'project_id');
    const pdfId = args.pdfUploadId ?? project.pdf_upload_id;
    const coverId = args.coverUploadId ?? project.cover_upload_id;
    const uploads = await lockUsableUploads(trx, {
      userId: args.userId,
      ids: [pdfId, ...(coverId ? [coverId] : [])],
      projectId: project.id,
    });
    const pdf = uploads.find((u) => u.id === pdfId);
    if (!pdf || pdf.purpose !== 'interior' || pdf.page_count === null)
      throw fieldRefusal('invalid', m.uploadNotFound, 'pdf_upload_id');
    const cover = coverId ? uploads.find((u) => u.id === coverId) : undefined;
    if (coverId && (!cover || cover.purpose !== 'cover'))
      throw fieldRefusal('invalid', m.uploadNotFound, 'cover_upload_id');

    const pages = pdf.page_count;
    const preflight = args.pdfUploadId
      ? interiorPreflight(list, product, configuration, pdf.pdf_facts)
      : undefined;
    if (preflight !== undefined) {
      refuseOnPreflightErrors(preflight);
      refuseUnacknowledgedWarnings(preflight, args.acknowledged);
    }
    // A new page count is a new spine: the cover is checked again, the kept one included.
    const coverReport = coverPreflight(list, product, configuration, pages, cover);
    refuseOnCoverErrors(coverReport);

    const before = price(list, product, configuration, project.page_count, project.quantity);
    const after = price(list, product, configuration, pages, project.quantity);
    await updateProject(trx, project.id, {
      pdf_upload_id: pdf.id,
      cover_upload_id: cover?.id ?? null,
      page_count: pages,
      ...(preflight !== undefined
        ? { preflight: preflight === null ? null : JSON.stringify(preflight) }
        : {}),
      cover_preflight: coverReport === null ? null : JSON.stringify(coverReport),
    });
    await markUploadsAttached(
      trx,
      uploads.filter((u) => u.attached_at === null).map((u) => u.id),
    );
    const replaced = [project.pdf_upload_id, project.cover_upload_id].filter(
      (u): u is string => u !== null && u !== pdf.id && u !== (cover?.id ?? null),
    );
    const parts = [args.pdfUploadId ? 'interior' : null, args.coverUploadId ? 'cover' : null].filter(Boolean);
    return {
      title: project.title,
      what: parts.join(' and '),
      oldPages: project.page_count,
      newPages: pages,
      lineDeltaCents: after.quote.totalCents - before.quote.totalCents,
      replacedKeys: await deleteUnusedUploads(trx, replaced),
    };
  }

  /** After the commit: the replaced files leave the store (a failure is logged). */
  const removeReplaced = (keys: string[]) => removeStoredFiles(deps.fileStore, deps.log, keys);

  return { replaceFilesWithin, removeReplaced };
}
