/**
 * All SQL on the projects table, and the few reads and writes of orders a project's life needs (is it ordered?
 * cancel the unpaid orders it sits in). Functions take the db (or a transaction) first so callers can compose
 * them. Rows never leave the projects folder: projects.service.ts maps them to contract shapes.
 * @see kysely example/src/user/user.repository.ts
 */
import {
  sql,
  type Insertable,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB, Db, OrdersTable, ProjectsTable } from '#db/database.js';
import { cursorTimeOf } from '#lib/keyset.js';
import { containsPattern } from '#lib/like-pattern.js';
import { PROJECT_CATEGORIES } from '@bindery/contracts/store/projects';

export type ProjectRow = Selectable<ProjectsTable>;
export type OrderStatusValue = Selectable<OrdersTable>['status'];

/** A project with the facts of its files (joined from uploads). */
export interface ProjectWithFilesRow extends ProjectRow {
  pdf_file_name: string;
  pdf_content_type: string;
  pdf_size_bytes: string | number;
  pdf_storage_key: string;
  cover_file_name: string | null;
  cover_content_type: string | null;
  cover_size_bytes: string | number | null;
  cover_storage_key: string | null;
}

/** For the admin list: plus the owner's e-mail (null once the account is deleted) and the latest live order. */
export interface AdminProjectRow extends ProjectWithFilesRow {
  user_email: string | null;
  order_id: number | null;
  order_status: OrderStatusValue | null;
}

function selectWithFiles(db: Db) {
  return db
    .selectFrom('projects')
    .innerJoin('uploads as pdf', 'pdf.id', 'projects.pdf_upload_id')
    .leftJoin('uploads as cover', 'cover.id', 'projects.cover_upload_id')
    .selectAll('projects')
    .select([
      'pdf.file_name as pdf_file_name',
      'pdf.content_type as pdf_content_type',
      'pdf.size_bytes as pdf_size_bytes',
      'pdf.storage_key as pdf_storage_key',
      'cover.file_name as cover_file_name',
      'cover.content_type as cover_content_type',
      'cover.size_bytes as cover_size_bytes',
      'cover.storage_key as cover_storage_key',
    ]);
}

/** A customer's own project (not deleted). */
export function findOwnProject(db: Db, id: number, userId: number): Promise<ProjectWithFilesRow | undefined> {
  return selectWithFiles(db)
    .where('projects.id', '=', id)
    .where('projects.user_id', '=', userId)
    .where('projects.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Any project by id, deleted ones included (an admin may open the files of a project a past order used). */
export function findProjectById(db: Db, id: number): Promise<ProjectWithFilesRow | undefined> {
  return selectWithFiles(db).where('projects.id', '=', id).executeTakeFirst();
}

/** How a customer's projects are read: the dashboard's orders (docs/decisions/0037). */
export interface OwnProjectsFilter {
  q?: string;
  /** Only these projects (the cart's). */
  ids?: readonly number[];
  /** Not these (the dashboard hides what is in the cart). */
  exclude?: readonly number[];
}
export type OwnProjectsSort = 'created' | 'title' | 'category';

/** created_at with its microseconds, for a keyset cursor (a JavaScript Date keeps milliseconds only). */
const createdCursor = cursorTimeOf('projects.created_at');

/** The sort key of each order, as SQL over `projects` (title sorts case-insensitively, as the index holds it). */
const SORT_KEY = {
  created: sql<string>`projects.created_at`,
  title: sql<string>`lower(projects.title)`,
  category: sql<string>`projects.category`,
} as const;

function ownProjects(db: Db, userId: number, filter: OwnProjectsFilter) {
  let query = db
    .selectFrom('projects')
    .where('projects.user_id', '=', userId)
    .where('projects.deleted_at', 'is', null);
  if (filter.q) {
    // A category is one of seven names: the ones containing the text are picked here, so the database compares
    // each of the customer's rows with a short list instead of matching a pattern twice.
    const needle = filter.q.toLowerCase();
    const categories = PROJECT_CATEGORIES.filter((c) => c.toLowerCase().includes(needle));
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('projects.title', 'ilike', pattern),
        ...(categories.length > 0 ? [eb('projects.category', 'in', categories)] : []),
      ]),
    );
  }
  if (filter.ids) query = query.where('projects.id', 'in', filter.ids.length > 0 ? [...filter.ids] : [0]);
  if (filter.exclude && filter.exclude.length > 0)
    query = query.where('projects.id', 'not in', [...filter.exclude]);
  return query;
}

/**
 * One keyset page (docs/decisions/0019) of a customer's projects, not deleted, in `sort` order (`direction`,
 * then id the same way), after `after` = [sort key, id]; `limit + 1` rows so the caller knows whether another page
 * follows. `cursor_key` is the row's sort key as text (a time with microseconds for created). Each order is
 * served by its own index starting with the customer (migration 2026_11_25_210000_my_books_pages).
 */
export function ownProjectsPageQuery(
  db: Db,
  userId: number,
  page: {
    filter: OwnProjectsFilter;
    sort: OwnProjectsSort;
    direction: 'asc' | 'desc';
    limit: number;
    after?: readonly [string, number];
  },
) {
  const key = SORT_KEY[page.sort];
  const ids = ownProjects(db, userId, page.filter)
    .select(['projects.id', page.sort === 'created' ? createdCursor.as('cursor_key') : key.as('cursor_key')])
    .orderBy(key, page.direction)
    .orderBy('projects.id', page.direction)
    .limit(page.limit + 1);
  const after = page.after;
  const keyed = after
    ? ids.where((eb) =>
        eb(
          eb.tuple(key, eb.ref('projects.id')),
          page.direction === 'desc' ? '<' : '>',
          eb.tuple(
            page.sort === 'created' ? sql<string>`${after[0]}::timestamptz` : sql<string>`${after[0]}`,
            after[1],
          ),
        ),
      )
    : ids;
  // The page's ids first (an index range), then their files: the joins run for at most limit + 1 rows.
  return selectWithFiles(db)
    .innerJoin(keyed.as('page'), 'page.id', 'projects.id')
    .select('page.cursor_key')
    .orderBy(key, page.direction)
    .orderBy('projects.id', page.direction);
}

/** How many of a customer's projects match `filter` (the whole list's count: "Showing n of m"). */
export async function countOwnProjects(db: Db, userId: number, filter: OwnProjectsFilter): Promise<number> {
  const row = await ownProjectsCountQuery(db, userId, filter).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The query of countOwnProjects, unexecuted (its plan is tested). */
export function ownProjectsCountQuery(db: Db, userId: number, filter: OwnProjectsFilter) {
  return ownProjects(db, userId, filter).select((eb) => eb.fn.countAll<string>().as('n'));
}

/** Projects not deleted, newest first, `limit` + 1 of them after `after` (projects_created_at_id_idx). */
function newestProjects<Q extends SelectQueryBuilder<DB, 'projects', object>>(
  query: Q,
  page: { limit: number; after?: readonly [string, number] },
): Q {
  let paged = query
    .where('projects.deleted_at', 'is', null)
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id', 'desc')
    .limit(page.limit + 1) as Q;
  const after = page.after;
  if (after) {
    paged = paged.where((eb) =>
      eb(
        eb.refTuple('projects.created_at', 'projects.id'),
        '<',
        eb.tuple(sql<Date>`${after[0]}::timestamptz`, after[1]),
      ),
    ) as Q;
  }
  return paged;
}

/**
 * Projects not deleted, newest first, with the owner's e-mail and the latest order that is not canceled: one
 * keyset page (docs/decisions/0019) after `after` (created_at with microseconds, id), plus one row to tell
 * whether another page follows. Served by projects_created_at_id_idx. `q` finds any part of the title or of the
 * owner's e-mail (not a deleted account's: it is not shown either), case-insensitively: the page of projects
 * whose title matches (projects_title_trgm_idx) and the page of projects of the accounts whose e-mail matches
 * (users_email_trgm_idx, then projects_user_created_idx), merged, as Manage Orders' search (docs/decisions/0037).
 */
export function listProjectsForAdmin(
  db: Db,
  page: { limit: number; after?: readonly [string, number]; q?: string },
): Promise<(AdminProjectRow & { cursor_time: string })[]> {
  return projectsForAdminQuery(db, page).execute();
}

/** The query of listProjectsForAdmin, unexecuted (its plan is tested). */
export function projectsForAdminQuery(
  db: Db,
  page: { limit: number; after?: readonly [string, number]; q?: string },
) {
  const q = page.q;
  const query = q
    ? selectWithFiles(db).where('projects.id', 'in', (eb) => {
        const pattern = containsPattern(q);
        const byTitle = newestProjects(
          db.selectFrom('projects').select('projects.id').where('projects.title', 'ilike', pattern),
          page,
        );
        const byEmail = newestProjects(
          db
            .selectFrom('projects')
            .select('projects.id')
            .where((p) =>
              p.exists(
                p
                  .selectFrom('users')
                  .select(sql.lit(1).as('one'))
                  .whereRef('users.id', '=', 'projects.user_id')
                  .where('users.email', 'ilike', pattern)
                  .where('users.deleted_at', 'is', null),
              ),
            ),
          page,
        );
        return eb
          .selectFrom(byTitle.as('by_title'))
          .select('by_title.id')
          .unionAll(eb.selectFrom(byEmail.as('by_email')).select('by_email.id'));
      })
    : selectWithFiles(db);
  return newestProjects(query, page)
    .innerJoin('users', 'users.id', 'projects.user_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('order_items')
          .innerJoin('orders', 'orders.id', 'order_items.order_id')
          .select(['orders.id as order_id', 'orders.status as order_status'])
          .whereRef('order_items.project_id', '=', 'projects.id')
          .where('orders.status', '<>', 'canceled')
          .orderBy('orders.created_at', 'desc')
          .orderBy('orders.id', 'desc')
          .limit(1)
          .as('latest_order'),
      (join) => join.onTrue(),
    )
    .select([
      sql<string | null>`case when users.deleted_at is null then users.email end`.as('user_email'),
      'latest_order.order_id',
      'latest_order.order_status',
      createdCursor.as('cursor_time'),
    ]);
}

/** Locks a customer's own project (not deleted) for a change. */
export function lockOwnProject(
  trx: Transaction<DB>,
  id: number,
  userId: number,
): Promise<ProjectRow | undefined> {
  return trx
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The book's proof draft still open (not ordered, not deleted), if any: one at a time per book (ADR 0078). */
export async function findOpenProofOf(db: Db, bookId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('proof_of', '=', bookId)
    .where('status', '=', 'draft')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The book whose proof was approved (ADR 0078). `updated_at` stays: the book's content did not change, and a
 * cart priced from it must not become "changed".
 */
export async function stampBookProofApproved(db: Db, bookId: number, at: Date): Promise<void> {
  await db.updateTable('projects').set({ proof_approved_at: at }).where('id', '=', bookId).execute();
}

export async function insertProject(db: Db, project: Insertable<ProjectsTable>): Promise<number> {
  const row = await db.insertInto('projects').values(project).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProject(db: Db, id: number, changes: Updateable<ProjectsTable>): Promise<void> {
  await db
    .updateTable('projects')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteProject(db: Db, id: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * The orders containing a project, locked. Orders are locked before the project, in the order a payment
 * confirmation takes them (order, then its projects), so the two never deadlock.
 */
export function lockOrdersOfProject(
  trx: Transaction<DB>,
  projectId: number,
): Promise<{ id: number; status: OrderStatusValue }[]> {
  return trx
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', 'in', (eb) =>
      eb.selectFrom('order_items').select('order_id').where('project_id', '=', projectId),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}
