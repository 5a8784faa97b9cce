/**
 * POST api/book/uploads/: receives one file, decides what it is from its bytes, and keeps it only if it passes.
 * The file is streamed to the store's staging area (never held in memory whole while it arrives), then:
 * - its type comes from the magic number (PDF, JPEG, PNG), never from the name or the client's Content-Type;
 * - an interior must be a PDF that PDF.js opens, with 2–800 pages; a cover a JPEG, PNG or readable PDF;
 * - over 50 MB the stream is cut at the limit and the upload refused with 413.
 * Only then is it moved into the store and recorded as a pending upload (attached to a project by upload-book,
 * swept after 24 h otherwise). Whatever fails, the staged bytes are removed: a refused upload leaves no file.
 * The account's caps — MAX_PENDING_UPLOADS and the draft storage quota — are held by a slot reserved before the
 * first byte is read and replaced by the upload's row (upload-slots.ts, docs/decisions/0054). A body that pauses
 * for UPLOAD_IDLE_TIMEOUT is cut off by the app's body watch (lib/http-limits.ts), which fails the stream here.
 *
 * `createUploads({ db, fileStore, fileInspector, slots, log })` (docs/decisions/0018): no Fastify instance (the
 * multipart parts are handed in by the route); refusals are DomainError.
 * The multipart body itself is read by multipart-parts.ts (also the resale certificates').
 * @see docs/decisions/0012-projects-and-uploads.md
 */
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import {
  PDF_MAX_PAGES,
  PDF_MIN_PAGES,
  UploadPurpose,
  type UploadedFile,
} from '@bindery/contracts/store/projects';
import { PdfFacts } from '@bindery/contracts/store/preflight';
import type { DB } from '#db/database.js';
import type { FileStore } from './file-store.js';
import { DomainError } from '#lib/domain-error.js';
import { fieldRefusal } from './field-refusal.js';
import { InspectionBusy, InspectionFailed, type InspectionPool } from './inspection-pool.js';
import {
  EXTENSIONS,
  multipartTexts,
  openParts,
  readMultipart,
  safeFileName,
  type PartsSpec,
} from './multipart-parts.js';
import { readHead, sniffContentType, type Inspection, type SniffedType } from './pdf-inspect.js';
import type { Slot, SlotRule, UploadSlots } from './upload-slots.js';
import { deleteExpiredReservations } from './upload-slots.repository.js';
import {
  countPendingUploads,
  deleteExpiredUploads,
  findUsableUpload,
  insertUpload,
  type UploadRow,
} from './uploads.repository.js';

const m = messages.projects;

/** A user may have this many uploads waiting to be used at once: a bound on the disk one account can fill. */
export const MAX_PENDING_UPLOADS = 20;
/**
 * A staged file nothing has written to for this long is a leftover (a crash, a killed process): an upload in flight
 * writes at least every UPLOAD_IDLE_TIMEOUT (or is cut off), then waits for its inspection (queue + time limit).
 */
export const STALE_STAGING_MS = 15 * 60 * 1000;

/** Texts for the cases the spec does not cover (docs/decisions/0012); the multipart ones are multipart-parts.ts's. */
export const uploadTexts = {
  ...multipartTexts,
  purpose: 'purpose must be interior or cover.',
  fileMissing: 'Choose a file to upload.',
  tooManyPending: `You have ${MAX_PENDING_UPLOADS} uploads waiting to be used in a project. Submit a project or try again tomorrow.`,
} as const;

export interface Facts {
  type: SniffedType;
  pages: number | null;
  /** An interior PDF's page sizes and rotations (docs/decisions/0060); null for images. */
  pdfFacts: PdfFacts | null;
  width: number | null;
  height: number | null;
}

/** What to say when a staged file is not one of the types a route takes, or does not read as its type. */
export interface InspectTexts {
  unknownType: string;
  unreadablePdf: string;
  unreadableImage: string;
}

/** The contract's view of an upload row (the server's facts about the file, never the storage key). */
function toUploadedFile(row: UploadRow): UploadedFile {
  return {
    id: row.id,
    purpose: row.purpose,
    file_name: row.file_name,
    // Written only from the sniffed type (receiveUpload), so it is one of the contract's three.
    content_type: row.content_type as SniffedType,
    size_bytes: Number(row.size_bytes),
    page_count: row.page_count,
    width_px: row.width_px,
    height_px: row.height_px,
    pdf_facts: PdfFacts.nullable()
      .catch(null)
      .parse(row.pdf_facts ?? null),
  };
}

export interface UploadsDeps {
  db: Kysely<DB>;
  fileStore: FileStore;
  /** Reads a staged file's structure off the event loop (inspection-pool.ts). */
  fileInspector: Pick<InspectionPool, 'inspect'>;
  /** The account's caps, reserved before the bytes are read (upload-slots.ts). */
  slots: UploadSlots;
  /** Where a refused file's reason is noted (the client only gets the refusal). */
  log: { warn: (facts: object, message: string) => void };
}

export type UploadsModule = ReturnType<typeof createUploads>;

export function createUploads(deps: UploadsDeps) {
  const { db, fileStore, fileInspector, slots, log } = deps;
  const pendingUploads: SlotRule = {
    kind: 'upload',
    max: MAX_PENDING_UPLOADS,
    held: countPendingUploads,
    tooMany: uploadTexts.tooManyPending,
  };

  /** The parts of an upload request, the file streamed to this store's staging (multipart-parts.ts). */
  const readParts = (parts: AsyncIterableIterator<Multipart>, spec: PartsSpec) =>
    readMultipart(fileStore, parts, spec);

  /**
   * What the bytes are — a PDF (with its real page count), a JPEG or a PNG (decoded: format and size) — or the
   * refusal. The type comes from the magic number here (cheap, on the main thread); the structure — a PDF's page tree
   * and PDF.js opening it, an image's chunks or segments — is read by the inspection pool's workers
   * (inspection-pool.ts): a file that runs its worker out of memory or time is refused like a corrupt one, and the
   * API's event loop never parses anything. Shared by the book uploads and the resale certificates.
   */
  async function inspectStaged(path: string, texts: InspectTexts): Promise<Facts> {
    const sniffed = sniffContentType(await readHead(path));
    if (sniffed === null) throw fieldRefusal('invalid', texts.unknownType, 'file');
    const unreadable = sniffed === 'application/pdf' ? texts.unreadablePdf : texts.unreadableImage;

    let inspection: Inspection;
    try {
      inspection = await fileInspector.inspect(path);
    } catch (err) {
      if (err instanceof InspectionBusy) throw new DomainError('unavailable', m.inspectionBusy);
      if (!(err instanceof InspectionFailed)) throw err;
      log.warn({ reason: err.reason, type: sniffed }, `upload refused: ${err.message}`);
      throw fieldRefusal('invalid', unreadable, 'file');
    }
    if (!inspection.ok) {
      switch (inspection.problem) {
        case 'unknown-type':
          throw fieldRefusal('invalid', texts.unknownType, 'file');
        case 'page-count-mismatch':
          throw fieldRefusal(
            'invalid',
            m.pdfCountDisagrees(inspection.declared, inspection.real),
            'file',
            'PAGE_COUNT_MISMATCH',
          );
        case 'image-too-large':
          throw fieldRefusal('invalid', m.coverTooLarge, 'file');
        case 'pdf-too-large':
          throw fieldRefusal('invalid', m.pdfTooLarge, 'file');
        default:
          throw fieldRefusal('invalid', unreadable, 'file');
      }
    }
    if (inspection.type === 'application/pdf') {
      return {
        type: inspection.type,
        pages: inspection.pages,
        pdfFacts: inspection.facts,
        width: null,
        height: null,
      };
    }
    return {
      type: inspection.type,
      pages: null,
      pdfFacts: null,
      width: inspection.width,
      height: inspection.height,
    };
  }

  /** An interior must be a PDF of 2–800 pages; a cover a JPEG, PNG or readable PDF. */
  async function inspect(purpose: UploadPurpose, path: string): Promise<Facts> {
    if (purpose === 'interior' && sniffContentType(await readHead(path)) !== 'application/pdf')
      throw fieldRefusal('invalid', m.onlyPdf, 'file');
    const facts = await inspectStaged(path, {
      unknownType: purpose === 'interior' ? m.onlyPdf : m.coverType,
      unreadablePdf: m.invalidPdf,
      unreadableImage: m.coverUnreadable,
    });
    if (purpose === 'cover') return facts;
    if (facts.type !== 'application/pdf') throw fieldRefusal('invalid', m.onlyPdf, 'file');
    if (facts.pages === null || facts.pages < PDF_MIN_PAGES || facts.pages > PDF_MAX_PAGES)
      throw fieldRefusal('invalid', m.pageCountRange, 'file');
    return facts;
  }

  async function receive(
    userId: number,
    parts: () => AsyncIterableIterator<Multipart>,
  ): Promise<UploadedFile> {
    const slot = await slots.reserve(userId, pendingUploads);
    try {
      return await receiveInto(slot, parts);
    } catch (err) {
      await releaseSlot(slot);
      throw err;
    }
  }

  /** Gives a slot back; a failure (the database away) is logged: the reservation expires by itself. */
  async function releaseSlot(slot: Slot): Promise<void> {
    await slots.release(slot).catch((err: unknown) => log.warn({ err }, 'upload reservation not released'));
  }

  async function receiveInto(
    slot: Slot,
    parts: () => AsyncIterableIterator<Multipart>,
  ): Promise<UploadedFile> {
    const spec: PartsSpec = { fields: ['purpose'], tooLarge: m.fileTooLarge };
    const { fields, staged } = await readParts(openParts(parts, spec), spec);
    const purposeText = fields['purpose'];
    let stored = false;
    try {
      const purpose = UploadPurpose.safeParse(purposeText);
      if (!purpose.success) throw fieldRefusal('invalid', uploadTexts.purpose, 'purpose');
      if (!staged)
        throw fieldRefusal(
          'invalid',
          purpose.data === 'interior' ? m.uploadPdf : uploadTexts.fileMissing,
          'file',
        );
      const { type, pages, pdfFacts, width, height } = await inspect(purpose.data, staged.path);
      const size = (await stat(staged.path)).size;
      await slots.claimBytes(slot, size);

      const id = randomUUID();
      const key = `${id}.${EXTENSIONS[type]}`;
      // Stored first, recorded second: a crash in between leaves an unreferenced file, never a row without one.
      await fileStore.put(key, staged.path);
      stored = true;
      const row = await slots
        .settle(slot, (trx) =>
          insertUpload(trx, {
            id,
            user_id: slot.userId,
            purpose: purpose.data,
            file_name: safeFileName(staged.clientName, type),
            content_type: type,
            size_bytes: size,
            page_count: pages,
            width_px: width,
            height_px: height,
            // A PDF cover's too: its size, fonts and images are checked against the book (docs/decisions/0069).
            pdf_facts: pdfFacts ? JSON.stringify(pdfFacts) : null,
            storage_key: key,
          }),
        )
        .catch(async (err: unknown) => {
          await fileStore.remove(key);
          throw err;
        });
      return toUploadedFile(row);
    } finally {
      if (staged && !stored) await rm(staged.path, { force: true });
    }
  }

  /**
   * GET api/book/uploads/{id}/facts/: the facts of one of the user's uploads that a project may still use — pending and
   * within its lifetime, or the file of one of their projects. Anything else (another user's, expired, swept, a
   * deleted project's) is the same 404, so an id says nothing about uploads that are not the caller's. The design
   * page restores a saved draft's files through this (docs/decisions/0038); upload-book checks them again.
   */
  async function getMine(userId: number, id: string): Promise<UploadedFile> {
    const row = await findUsableUpload(db, userId, id);
    if (!row) throw new DomainError('not_found', m.uploadNotFound);
    return toUploadedFile(row);
  }

  /** GET api/book/uploads/{id}/file/: the bytes of the same uploads getMine answers (the preview, ADR 0073). */
  async function openMine(userId: number, id: string) {
    const row = await findUsableUpload(db, userId, id);
    const stored = row ? await fileStore.open(row.storage_key) : undefined;
    if (!row || !stored) throw new DomainError('not_found', m.uploadNotFound);
    return { ...stored, contentType: row.content_type, fileName: row.file_name };
  }

  return { readParts, inspectStaged, receive, getMine, openMine, slots };
}

/**
 * Removes expired pending uploads: their rows (DELETE … RETURNING, so two instances never take the same row), then
 * their files; and the reservations a dead process left (upload-slots.ts). A periodic job (projects.plugin.ts):
 * once per period across all instances.
 */
export async function sweepExpiredUploads(deps: {
  db: Kysely<DB>;
  fileStore: FileStore;
}): Promise<{ uploads: number; reservations: number }> {
  const keys = await deleteExpiredUploads(deps.db);
  for (const key of keys) await deps.fileStore.remove(key);
  return { uploads: keys.length, reservations: await deleteExpiredReservations(deps.db) };
}

/** Removes staged files of this instance that nothing has written to for STALE_STAGING_MS. */
export async function sweepStaging(fileStore: FileStore): Promise<{ staged: number }> {
  return { staged: await fileStore.removeStaleStaging(STALE_STAGING_MS) };
}
