/**
 * All SQL on the uploads table. Functions take the db (or a transaction) first so callers can compose them.
 * An upload is "pending" until upload-book attaches it to a project; pending uploads expire after UPLOAD_TTL_HOURS.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, UploadsTable } from '#db/database.js';

export type UploadRow = Selectable<UploadsTable>;

/** How long an upload that no project uses is kept. */
export const UPLOAD_TTL_HOURS = 24;
/** Created within the TTL (still usable). */
const fresh = sql<boolean>`uploads.created_at > now() - ${sql.lit(`${UPLOAD_TTL_HOURS} hours`)}::interval`;

export function insertUpload(db: Db, upload: Insertable<UploadsTable>): Promise<UploadRow> {
  return db.insertInto('uploads').values(upload).returningAll().executeTakeFirstOrThrow();
}

/** Pending (not attached, not expired) uploads of a user. */
export async function countPendingUploads(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('attached_at', 'is', null)
    .where(fresh)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Bytes the user keeps in drafts (docs/decisions/0054): their pending uploads still within the TTL, and the files
 * of their projects not yet ordered (draft, not deleted), each upload once however many drafts share it. A paid
 * order's files do not count (its projects are 'ordered').
 */
export async function draftBytes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('uploads.size_bytes'), sql<string>`0`).as('n'))
    .where('uploads.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('uploads.attached_at', 'is', null), fresh]),
        eb.exists(
          eb
            .selectFrom('projects')
            .select('projects.id')
            .where('projects.user_id', '=', userId)
            .where('projects.status', '=', 'draft')
            .where('projects.deleted_at', 'is', null)
            .where((p) =>
              p.or([
                p('projects.pdf_upload_id', '=', p.ref('uploads.id')),
                p('projects.cover_upload_id', '=', p.ref('uploads.id')),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The user's uploads among `ids` that a project may use, locked until the transaction ends: pending ones, and
 * those already attached to `projectId` (an edit that keeps its file). Another user's, expired or already
 * attached elsewhere: not returned.
 */
export function lockUsableUploads(
  trx: Transaction<DB>,
  args: { userId: number; ids: string[]; projectId?: number },
): Promise<UploadRow[]> {
  const { userId, ids, projectId } = args;
  return trx
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where((eb) => {
      const pending = eb.and([eb('attached_at', 'is', null), fresh]);
      if (projectId === undefined) return pending;
      const ofProject = eb.exists(
        eb
          .selectFrom('projects')
          .select('projects.id')
          .where('projects.id', '=', projectId)
          .where((p) =>
            p.or([
              p('projects.pdf_upload_id', '=', p.ref('uploads.id')),
              p('projects.cover_upload_id', '=', p.ref('uploads.id')),
            ]),
          ),
      );
      return eb.or([pending, ofProject]);
    })
    .forUpdate()
    .execute();
}

/**
 * One of the user's uploads that is still theirs to use: pending and fresh, or the file of one of their projects
 * not deleted (an edit keeps it). Read only: upload-book locks and checks again (lockUsableUploads).
 */
export function findUsableUpload(db: Db, userId: number, id: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('attached_at', 'is', null), fresh]),
        eb.exists(
          eb
            .selectFrom('projects')
            .select('projects.id')
            .where('projects.user_id', '=', userId)
            .where('projects.deleted_at', 'is', null)
            .where((p) =>
              p.or([
                p('projects.pdf_upload_id', '=', p.ref('uploads.id')),
                p('projects.cover_upload_id', '=', p.ref('uploads.id')),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

export async function markUploadsAttached(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('uploads')
    .set({ attached_at: sql`now()` })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Deletes the upload rows among `ids` that no project uses any more; returns the storage keys of the files to
 * remove once the transaction has committed. A reorder's projects share their files with the ordered ones
 * (docs/decisions/0020), so a file one project let go of may still be another's.
 */
export async function deleteUnusedUploads(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('uploads')
    .where('id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('projects')
            .select('projects.id')
            .where((p) =>
              p.or([
                p('projects.pdf_upload_id', '=', p.ref('uploads.id')),
                p('projects.cover_upload_id', '=', p.ref('uploads.id')),
              ]),
            ),
        ),
      ),
    )
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}

/** Of these uploads, those another project than `projectId` refers to (deleted projects included). */
export async function uploadsUsedByOtherProjects(
  db: Db,
  ids: string[],
  projectId: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('projects')
    .select(['pdf_upload_id', 'cover_upload_id'])
    .where('id', '!=', projectId)
    .where((eb) => eb.or([eb('pdf_upload_id', 'in', ids), eb('cover_upload_id', 'in', ids)]))
    .execute();
  return new Set(
    rows
      .flatMap((r) => [r.pdf_upload_id, r.cover_upload_id])
      .filter((id): id is string => id !== null && ids.includes(id)),
  );
}

/**
 * Deletes pending uploads older than the TTL and returns their storage keys. A row locked by an upload-book in
 * progress is waited for and then re-checked, so an upload attached at that moment is kept.
 */
export async function deleteExpiredUploads(db: Db): Promise<string[]> {
  const rows = await db
    .deleteFrom('uploads')
    .where('attached_at', 'is', null)
    .where(sql<boolean>`not (${fresh})`)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}
