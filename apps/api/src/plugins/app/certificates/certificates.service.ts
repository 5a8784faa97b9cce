/**
 * Resale certificates (docs/decisions/0032): the evidence behind a tax exemption.
 * - A customer uploads one per US state (multipart {state, file}); the bytes are read like a book upload's
 *   (uploads.service.ts: staged, type from the magic number, a PDF's page tree and PDF.js, an image decoded) and
 *   stored in the same file store. At most MAX_PENDING_CERTIFICATES await review per customer, held by a slot
 *   reserved before the bytes are read and replaced by the certificate's row (upload-slots.ts, docs/decisions/0054).
 * - Staff approve or reject it (a reason required) once: the status guard holds in the row lock's transaction
 *   and in the UPDATE itself; who and when are recorded; the customer is mailed through the outbox in the same
 *   transaction.
 * - Checkout asks {@link certificateForState}: only an approved certificate for the ship-to state exempts.
 *
 * `createCertificates({ db, files, uploads, outbox, clock, log, config })` returns plain functions
 * (docs/decisions/0018): no Fastify; a refusal is a DomainError. certificates.plugin.ts wires it as
 * `app.certificates`.
 */
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { Multipart } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { messages } from '@bindery/contracts/messages';
import {
  CertificateState,
  MAX_PENDING_CERTIFICATES,
  type MyCertificatesResponse,
  type ResaleCertificate,
} from '@bindery/contracts/store/resale-certificates';
import type {
  AdminCertificate,
  AdminCertificateListResponse,
} from '@bindery/contracts/admin/resale-certificates';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import { decodeCursor, toPage } from '#lib/keyset.js';
import type { Logger } from '#lib/logger.js';
import { escapeHtml } from '../mail/templates.js';
import type { MailOutbox, OutboxMail } from '../mail/mail-outbox.js';
import { iso, isoOrNull } from '../orders/order-views.js';
import { fieldRefusal } from '../projects/field-refusal.js';
import type { FileStore } from '../projects/file-store.js';
import type { Slot, SlotRule } from '../projects/upload-slots.js';
import { EXTENSIONS, openParts, safeFileName } from '../projects/multipart-parts.js';
import type { UploadsModule } from '../projects/uploads.service.js';
import {
  countCertificatesByStatus,
  countPendingCertificates,
  findAdminCertificate,
  findCertificateForState,
  insertCertificate,
  listCertificatesByStatus,
  listUserCertificates,
  lockCertificate,
  reviewPendingCertificate,
  type AdminCertificateRow,
  type CertificateRow,
} from './certificates.repository.js';

const m = messages.certificates;

function view(row: CertificateRow): ResaleCertificate {
  return {
    id: row.id,
    state: row.state,
    status: row.status,
    reason: row.reason,
    file_name: row.file_name,
    content_type: row.content_type as ResaleCertificate['content_type'],
    size_bytes: Number(row.size_bytes),
    page_count: row.page_count,
    width_px: row.width_px,
    height_px: row.height_px,
    created_at: iso(row.created_at),
    reviewed_at: isoOrNull(row.reviewed_at),
  };
}

function adminView(row: AdminCertificateRow): AdminCertificate {
  return {
    ...view(row),
    customer: { id: row.user_id, name: row.customer_name, email: row.customer_email },
    reviewed_by:
      row.reviewed_by === null
        ? null
        : { id: row.reviewed_by, name: row.reviewer_name ?? '', email: row.reviewer_email ?? '' },
  };
}

const IdCursor = z.tuple([z.number().int().positive()]);

export type Review = { decision: 'approve' } | { decision: 'reject'; reason: string };

export interface CertificatesDeps {
  db: Kysely<DB>;
  /** Where the certificates' bytes live (the uploads' store: local disk or S3). */
  files: FileStore;
  /** The book uploads' reading of a multipart body and of a staged file's type, and their per-account slots. */
  uploads: Pick<UploadsModule, 'readParts' | 'inspectStaged' | 'slots'>;
  /** The review mail is written in the review's transaction and leaves after the commit. */
  outbox: Pick<MailOutbox, 'enqueue' | 'deliver'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  config: { webUrl: string };
}

export type CertificatesModule = ReturnType<typeof createCertificates>;

export function createCertificates({ db, files, uploads, outbox, clock, log, config }: CertificatesDeps) {
  const pendingCertificates: SlotRule = {
    kind: 'certificate',
    max: MAX_PENDING_CERTIFICATES,
    held: countPendingCertificates,
    tooMany: m.tooManyPending,
  };

  /** POST api/resale-certificates/: the certificate checked, stored and recorded as pending. */
  async function receive(
    userId: number,
    parts: () => AsyncIterableIterator<Multipart>,
  ): Promise<ResaleCertificate> {
    const slot = await uploads.slots.reserve(userId, pendingCertificates);
    try {
      return await receiveInto(slot, parts);
    } catch (err) {
      // A failure to give it back (the database away) leaves the reservation to expire by itself.
      await uploads.slots.release(slot).catch(() => undefined);
      throw err;
    }
  }

  async function receiveInto(
    slot: Slot,
    parts: () => AsyncIterableIterator<Multipart>,
  ): Promise<ResaleCertificate> {
    const spec = { fields: ['state'], tooLarge: m.tooLarge };
    const { fields, staged } = await uploads.readParts(openParts(parts, spec), spec);
    let stored = false;
    try {
      const state = CertificateState.safeParse(fields['state']);
      if (!state.success) throw fieldRefusal('invalid', m.stateRequired, 'state');
      if (!staged) throw fieldRefusal('invalid', m.chooseFile, 'file');
      const facts = await uploads.inspectStaged(staged.path, {
        unknownType: m.fileType,
        unreadablePdf: m.pdfUnreadable,
        unreadableImage: m.imageUnreadable,
      });
      const size = (await stat(staged.path)).size;
      const key = `${randomUUID()}.${EXTENSIONS[facts.type]}`;
      // Stored first, recorded second: a crash in between leaves an unreferenced file, never a row without one.
      await files.put(key, staged.path);
      stored = true;
      const row = await uploads.slots
        .settle(slot, (trx) =>
          insertCertificate(trx, {
            user_id: slot.userId,
            state: state.data,
            file_name: safeFileName(staged.clientName, facts.type),
            content_type: facts.type,
            size_bytes: size,
            page_count: facts.pages,
            width_px: facts.width,
            height_px: facts.height,
            storage_key: key,
          }),
        )
        .catch(async (err: unknown) => {
          await files.remove(key);
          throw err;
        });
      log.info({ certificateId: row.id, state: row.state }, 'resale certificate uploaded');
      return view(row);
    } finally {
      if (staged && !stored) await rm(staged.path, { force: true });
    }
  }

  /** GET api/resale-certificates/: the caller's certificates, newest first. */
  async function listMine(
    userId: number,
    query: { limit: number; cursor?: string },
  ): Promise<MyCertificatesResponse> {
    const after = decodeCursor(query.cursor, IdCursor);
    const rows = await listUserCertificates(db, userId, { limit: query.limit, afterId: after?.[0] });
    const { rows: pageRows, next_cursor } = toPage(rows, query.limit, (r) => [r.id]);
    return { data: pageRows.map(view), next_cursor };
  }

  /** GET api/admin/resale-certificates/: one status, keyset-paged, with the count for "n of m". */
  async function adminList(query: {
    status: CertificateRow['status'];
    limit: number;
    cursor?: string;
  }): Promise<AdminCertificateListResponse> {
    const after = decodeCursor(query.cursor, IdCursor);
    const [rows, total] = await Promise.all([
      listCertificatesByStatus(db, query.status, { limit: query.limit, afterId: after?.[0] }),
      countCertificatesByStatus(db, query.status),
    ]);
    const page = toPage(rows, query.limit, (r) => [r.id]);
    return { data: page.rows.map(adminView), next_cursor: page.next_cursor, total };
  }

  /** GET api/admin/resale-certificates/{id}/file/: the stored bytes. */
  async function openFile(id: number) {
    const row = await findAdminCertificate(db, id);
    if (!row) throw new DomainError('not_found', m.notFound);
    const stored = await files.open(row.storage_key);
    if (!stored) throw new DomainError('not_found', m.notFound);
    return { ...stored, contentType: row.content_type, fileName: row.file_name };
  }

  /**
   * Approves or rejects a pending certificate, once: locked, its status checked, updated (guarded by status
   * again) and the customer's mail written, all in one transaction; the mail leaves after the commit. A
   * certificate that is no longer pending is a 409 that says what it became.
   */
  async function review(id: number, decision: Review, admin: { id: number }): Promise<AdminCertificate> {
    const mailIds = await db.transaction().execute(async (trx) => {
      const row = await lockCertificate(trx, id);
      if (!row) throw new DomainError('not_found', m.notFound);
      if (row.status !== 'pending') {
        throw new DomainError('conflict', m.notPending(row.status), { code: 'NOT_PENDING' });
      }
      const status = decision.decision === 'approve' ? 'approved' : 'rejected';
      const reason = decision.decision === 'reject' ? decision.reason : null;
      const done = await reviewPendingCertificate(trx, id, {
        status,
        reason,
        reviewedBy: admin.id,
        at: clock.now(),
      });
      if (!done) throw new DomainError('conflict', m.notPending(status), { code: 'NOT_PENDING' });
      const customer = await trx
        .selectFrom('users')
        .select(['email', 'name', 'deleted_at'])
        .where('id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      // A deleted (anonymised) account has no address to write to.
      if (customer.deleted_at !== null) return [];
      const mailId = await outbox.enqueue(
        trx,
        reviewMail({
          id,
          to: customer.email,
          name: customer.name,
          state: row.state,
          reason,
          link: `${config.webUrl}/account-settings#resale-certificate`,
        }),
      );
      return mailId === undefined ? [] : [mailId];
    });
    outbox.deliver(mailIds);
    log.info(
      { certificateId: id, decision: decision.decision, adminId: admin.id },
      'resale certificate reviewed',
    );
    const row = await findAdminCertificate(db, id);
    if (!row) throw new DomainError('not_found', m.notFound);
    return adminView(row);
  }

  return { receive, listMine, adminList, openFile, review };
}

/** The customer's mail about a review: approved, or rejected with the reason. */
export function reviewMail(facts: {
  id: number;
  to: string;
  name: string;
  state: string;
  reason: string | null;
  link: string;
}): OutboxMail {
  const approved = facts.reason === null;
  const subject = approved ? m.mailApprovedSubject(facts.state) : m.mailRejectedSubject(facts.state);
  const body = approved ? m.mailApproved(facts.state) : m.mailRejected(facts.state, facts.reason ?? '');
  const label = 'Your resale certificates';
  return {
    kind: approved ? 'certificate_approved' : 'certificate_rejected',
    dedupeKey: `certificate-${facts.id}-review`,
    to: facts.to,
    subject,
    text: [`Hello ${facts.name},`, '', body, '', `${label}: ${facts.link}`, '', 'The Bindery team'].join(
      '\n',
    ),
    html: [
      `<p>Hello ${escapeHtml(facts.name)},</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(facts.link)}">${escapeHtml(label)}</a></p>`,
      '<p>The Bindery team</p>',
    ].join('\n'),
    link: facts.link,
  };
}

/** What checkout needs to know: the user's certificate for a state, as the records say. */
export interface CertificateStanding {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  reason: string | null;
}

export async function certificateForState(
  db: Kysely<DB>,
  userId: number,
  state: string,
): Promise<CertificateStanding> {
  const row = await findCertificateForState(db, userId, state);
  return row ? { status: row.status, reason: row.reason } : { status: 'none', reason: null };
}

/** The shop's sentence for a standing (messages.certificates). */
export function standingMessage(state: string, standing: CertificateStanding): string {
  switch (standing.status) {
    case 'approved':
      return m.shopApproved(state);
    case 'pending':
      return m.shopPending(state);
    case 'rejected':
      return m.shopRejected(state, standing.reason ?? '');
    default:
      return m.shopNone(state);
  }
}
