/**
 * The customer's and the admin's reads of projects (My Books, one project, the admin's submitted projects) and the
 * start page's categories. Split from projects.service.ts by verb (ADR 0070).
 */
import type { SubmittedProject } from '@bindery/contracts/admin/orders';
import {
  PROJECT_CATEGORIES,
  PROJECT_LANGUAGES,
  MyBooksSort,
  type DropdownDataResponse,
  type MyBooksQuery,
  type MyBooksResponse,
  type Project,
  type ProjectCategory,
} from '@bindery/contracts/store/projects';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { productByName } from '@bindery/pricing/products';
import type { DB } from '#db/database.js';
import type { CountCache } from '#db/count-cache.js';
import { DomainError } from '#lib/domain-error.js';
import { INVALID_CURSOR, TimeIdCursor, decodeCursor, toPage } from '#lib/keyset.js';
import { m, toProject } from './project-mapping.js';
import {
  findOwnProject,
  countOwnProjects,
  ownProjectsPageQuery,
  listProjectsForAdmin,
  type OwnProjectsFilter,
} from './projects.repository.js';

type MyBooksQueryParsed = z.output<typeof MyBooksQuery>;

/** [order, direction, the last row's sort key, its id]. */
const MyBooksCursor = z.tuple([
  MyBooksSort,
  z.enum(['asc', 'desc']),
  z.string().max(300),
  z.number().int().positive(),
]);

/** One line per category for /start-project (the spec's cards have a description and a calculator name). */
const CATEGORY_COPY: Readonly<Record<ProjectCategory, { description: string; calculator: string }>> = {
  'Print Book': {
    description: 'Paperback or hardcover books in standard trim sizes.',
    calculator: 'Print Book Calculator',
  },
  'Photo Book': {
    description: 'Premium photo books with optional spine, cover and stamping extras.',
    calculator: 'Photo Book Calculator',
  },
  'Comic Book': {
    description: 'Full-color comics, saddle stitched or perfect bound.',
    calculator: 'Comic Book Calculator',
  },
  Magazine: { description: 'Glossy short-run magazines.', calculator: 'Magazine Calculator' },
  'Year Book': { description: 'School and club yearbooks.', calculator: 'Yearbook Calculator' },
  Calender: { description: 'Wire-O wall calendars, priced per copy.', calculator: 'Calendar Calculator' },
  'e Book': {
    description: 'A digital edition of your PDF and cover at one flat fee: nothing is printed or shipped.',
    calculator: 'Flat fee, no calculator',
  },
};

export function dropdownData(): DropdownDataResponse {
  return {
    categories: PROJECT_CATEGORIES.map((name) => ({
      name,
      product_slug: productByName(name)?.slug ?? null,
      description: CATEGORY_COPY[name].description,
      calculator_name: CATEGORY_COPY[name].calculator,
    })),
    languages: [...PROJECT_LANGUAGES],
  };
}

export type ProjectReads = ReturnType<typeof createProjectReads>;

/** The customer's and the admin's reads of projects: a database and its count cache (a report, a script). */
export function createProjectReads({ db, counts }: { db: Kysely<DB>; counts: CountCache }) {
  const countOwn = (userId: number, filter: OwnProjectsFilter) =>
    counts.count(`own-projects:${userId}:${JSON.stringify(filter)}`, ['projects'], () =>
      countOwnProjects(db, userId, filter),
    );

  // ---------------------------------------------------------------------------------------------------------------
  // Reads

  /**
   * GET api/book/my-books/: one keyset page of the customer's projects, with the count of matches and of all their
   * projects (docs/decisions/0037). The cursor names its order, so a cursor of another order is a 400.
   */
  async function listMyProjects(userId: number, query: MyBooksQueryParsed): Promise<MyBooksResponse> {
    const direction = query.order ?? (query.sort === 'created' ? 'desc' : 'asc');
    const after = decodeCursor(query.cursor, MyBooksCursor);
    if (after && (after[0] !== query.sort || after[1] !== direction)) {
      throw new DomainError('invalid', INVALID_CURSOR, { code: 'INVALID_CURSOR' });
    }
    if (after && query.sort === 'created' && !TimeIdCursor.safeParse([after[2], after[3]]).success) {
      throw new DomainError('invalid', INVALID_CURSOR, { code: 'INVALID_CURSOR' });
    }
    const filter = { q: query.q, ids: query.ids, exclude: query.exclude };
    const filtered = filter.q !== undefined || filter.ids !== undefined || filter.exclude !== undefined;
    const [rows, total, totalProjects] = await Promise.all([
      ownProjectsPageQuery(db, userId, {
        filter,
        sort: query.sort,
        direction,
        limit: query.limit,
        after: after ? [after[2], after[3]] : undefined,
      }).execute(),
      countOwn(userId, filter),
      filtered ? countOwn(userId, {}) : undefined,
    ]);
    const page = toPage(rows, query.limit, (row) => [query.sort, direction, row.cursor_key, row.id]);
    return {
      data: page.rows.map(toProject),
      next_cursor: page.next_cursor,
      total,
      total_projects: totalProjects ?? total,
    };
  }

  async function getMyProject(userId: number, id: number): Promise<Project> {
    const row = await findOwnProject(db, id, userId);
    if (!row) throw new DomainError('not_found', m.projectNotFound);
    return toProject(row);
  }

  /** GET api/book/all-orders/ (admin): submitted projects (not deleted) with their customer, one keyset page. */
  async function listSubmittedProjects(query: {
    limit: number;
    cursor?: string;
    /** Any part of the title or of the customer's e-mail (the spec's 'Search orders by title or email...'). */
    q?: string;
  }): Promise<{ data: SubmittedProject[]; next_cursor: string | null }> {
    const after = decodeCursor(query.cursor, TimeIdCursor);
    const rows = await listProjectsForAdmin(db, { limit: query.limit, after, q: query.q });
    const page = toPage(rows, query.limit, (row) => [row.cursor_time, row.id]);
    const data = page.rows.map((row) => {
      const project = toProject(row);
      return {
        id: project.id,
        title: project.title,
        user_email: row.user_email,
        category: project.category,
        language: project.language,
        created_at: project.created_at,
        page_count: project.page_count,
        binding_type: project.options.binding_type,
        cover_finish: project.options.cover_finish,
        interior_color: project.options.interior_color,
        paper_type: project.options.paper_type,
        trim_size: project.options.trim_size,
        pdf_file: project.pdf_file.url,
        cover_file: project.cover_file?.url ?? null,
        cover_description: project.cover_expert?.cover_description ?? null,
        quantity: project.quantity,
        order_id: row.order_id,
        order_status: row.order_status,
      };
    });
    return { data, next_cursor: page.next_cursor };
  }

  return { listMine: listMyProjects, getMine: getMyProject, listSubmittedProjects };
}
