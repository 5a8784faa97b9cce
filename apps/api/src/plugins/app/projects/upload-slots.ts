/**
 * Per-account caps on files, enforced where the bytes land (docs/decisions/0054). Before a single byte of an upload
 * or a resale certificate is read, a reservation row is taken under the customer's row lock, in the transaction that
 * counts what they already hold (stored rows + live reservations): of parallel requests, exactly the cap's number
 * get a slot. Once the file has arrived its size is claimed against the draft storage quota the same way; the file's
 * own row then replaces the reservation in one transaction, and every failure path deletes it.
 *
 * Only ever the transaction's handle inside a transaction: PGlite has one connection (docs/decisions/0054).
 * `createUploadSlots({ db, draftQuotaBytes, ttlMs })`: plain functions, no Fastify; refusals are DomainError.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import {
  countReservations,
  deleteReservation,
  insertReservation,
  lockAccount,
  reservedBytes,
  setReservedBytes,
  type ReservationKind,
} from './upload-slots.repository.js';
import { draftBytes } from './uploads.repository.js';

export interface SlotRule {
  kind: ReservationKind;
  /** How many the customer may hold at once, reservations included. */
  max: number;
  /** The customer's stored ones that count against `max` (read in the lock's transaction). */
  held: (trx: Transaction<DB>, userId: number) => Promise<number>;
  /** What a customer over `max` reads (429). */
  tooMany: string;
}

export interface Slot {
  id: string;
  userId: number;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;

/** The quota's refusal: what is used, what is allowed, and how to free space. */
export const draftQuotaText = (used: number, quota: number) =>
  `Your drafts and uploads waiting to be used take ${mb(used)} of the ${mb(quota)} you may keep, and this file does ` +
  'not fit. Delete drafts you no longer need in My Books (uploads not used in a project are removed after 24 ' +
  'hours), then upload again.';

export type UploadSlots = ReturnType<typeof createUploadSlots>;

export function createUploadSlots(deps: {
  db: Kysely<DB>;
  /** Bytes a customer may keep in pending uploads and draft projects. */
  draftQuotaBytes: number;
  /** A reservation left by a process that died stops counting after this long. */
  ttlMs: number;
}) {
  const { db, draftQuotaBytes, ttlMs } = deps;

  const quotaRefusal = (used: number) =>
    new DomainError('too_large', draftQuotaText(used, draftQuotaBytes), { code: 'DRAFT_QUOTA_EXCEEDED' });

  /**
   * A slot under `rule`, or the refusal: too many held (429), or — for book uploads — the draft quota already
   * full (413), so nobody sends 50 MB only to be refused at the end.
   */
  async function reserve(userId: number, rule: SlotRule): Promise<Slot> {
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await lockAccount(trx, userId);
      const held = (await rule.held(trx, userId)) + (await countReservations(trx, userId, rule.kind));
      if (held >= rule.max) throw new DomainError('too_many', rule.tooMany);
      if (rule.kind === 'upload') {
        const used = (await draftBytes(trx, userId)) + (await reservedBytes(trx, userId, id));
        if (used >= draftQuotaBytes) throw quotaRefusal(used);
      }
      await insertReservation(trx, { id, userId, kind: rule.kind, ttlMs });
    });
    return { id, userId };
  }

  /** The arrived file's size, counted against the draft quota from now on, or the quota's refusal (413). */
  async function claimBytes(slot: Slot, size: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockAccount(trx, slot.userId);
      const used = (await draftBytes(trx, slot.userId)) + (await reservedBytes(trx, slot.userId, slot.id));
      if (used + size > draftQuotaBytes) throw quotaRefusal(used);
      await setReservedBytes(trx, slot.id, size);
    });
  }

  /** Writes the file's row (`write`, in the transaction) and ends the reservation with it. */
  async function settle<T>(slot: Slot, write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await lockAccount(trx, slot.userId);
      const written = await write(trx);
      await deleteReservation(trx, slot.id);
      return written;
    });
  }

  /** Gives the slot back (every path that does not settle it). */
  async function release(slot: Slot): Promise<void> {
    await deleteReservation(db, slot.id);
  }

  return { reserve, claimBytes, settle, release };
}
