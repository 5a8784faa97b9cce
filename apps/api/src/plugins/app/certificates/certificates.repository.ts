/**
 * The SQL of resale certificates (docs/decisions/0032). Functions take the db (or a transaction) first so the
 * service composes them; rows never leave the module unmapped.
 */
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { DB, Db, ResaleCertificatesTable } from '#db/database.js';

export type CertificateRow = Selectable<ResaleCertificatesTable>;
type Status = CertificateRow['status'];

/** A certificate with its customer and reviewer, as the admin sees it. */
export interface AdminCertificateRow extends CertificateRow {
  customer_name: string;
  customer_email: string;
  reviewer_name: string | null;
  reviewer_email: string | null;
}

export async function insertCertificate(
  db: Db,
  row: Insertable<ResaleCertificatesTable>,
): Promise<CertificateRow> {
  return db.insertInto('resale_certificates').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function countPendingCertificates(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('resale_certificates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's certificates, newest first, after the cursor's id (index resale_certificates_user_idx). */
export async function listUserCertificates(
  db: Db,
  userId: number,
  { limit, afterId }: { limit: number; afterId?: number },
): Promise<CertificateRow[]> {
  let q = db
    .selectFrom('resale_certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (afterId !== undefined) q = q.where('id', '<', afterId);
  return q.execute();
}

/**
 * What the user's certificates for a state amount to: an approved one if any, else the newest (pending or
 * rejected), else undefined. Served by resale_certificates_user_idx (a customer has a handful).
 */
export async function findCertificateForState(
  db: Db,
  userId: number,
  state: string,
): Promise<Pick<CertificateRow, 'id' | 'status' | 'reason'> | undefined> {
  return db
    .selectFrom('resale_certificates')
    .select(['id', 'status', 'reason'])
    .where('user_id', '=', userId)
    .where('state', '=', state)
    .orderBy((eb) => eb.case().when('status', '=', 'approved').then(0).else(1).end())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const adminView = (db: Db) =>
  db
    .selectFrom('resale_certificates as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as r', 'r.id', 'c.reviewed_by')
    .selectAll('c')
    .select([
      'u.name as customer_name',
      'u.email as customer_email',
      'r.name as reviewer_name',
      'r.email as reviewer_email',
    ]);

/**
 * One status's certificates for the admin (index resale_certificates_status_idx): pending ones oldest first (a
 * queue: the longest waiting is reviewed first), reviewed ones newest first. Ids grow with created_at (serial,
 * default now()), so the id alone is the key: exact, where a millisecond cursor would lose PostgreSQL's microseconds.
 */
export async function listCertificatesByStatus(
  db: Db,
  status: Status,
  { limit, afterId }: { limit: number; afterId?: number },
): Promise<AdminCertificateRow[]> {
  const oldestFirst = status === 'pending';
  let q = adminView(db)
    .where('c.status', '=', status)
    .orderBy('c.id', oldestFirst ? 'asc' : 'desc')
    .limit(limit + 1);
  if (afterId !== undefined) q = q.where('c.id', oldestFirst ? '>' : '<', afterId);
  return q.execute();
}

export async function countCertificatesByStatus(db: Db, status: Status): Promise<number> {
  const row = await db
    .selectFrom('resale_certificates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAdminCertificate(db: Db, id: number): Promise<AdminCertificateRow | undefined> {
  return adminView(db).where('c.id', '=', id).executeTakeFirst();
}

/** Locks the certificate until the transaction ends: two reviews of one certificate go one after the other. */
export async function lockCertificate(trx: Transaction<DB>, id: number): Promise<CertificateRow | undefined> {
  return trx
    .selectFrom('resale_certificates')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** pending → approved/rejected; nothing when it is no longer pending (the status guard in SQL as well). */
export async function reviewPendingCertificate(
  trx: Transaction<DB>,
  id: number,
  review: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: number; at: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('resale_certificates')
    .set({
      status: review.status,
      reason: review.reason,
      reviewed_by: review.reviewedBy,
      reviewed_at: review.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
