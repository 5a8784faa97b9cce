/**
 * GET api/book/my-books/ on keyset pages (docs/decisions/0019, 0037): paging in each order, search,
 * the cart's ids and the dashboard's exclusions, counts, refusals, and the plans that serve it at 20,000 projects.
 */
import { sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MyBooksResponse } from '@bindery/contracts/store/projects';
import { planOf } from '../explain.js';
import { createUser, defined, request, setupTestApp } from '../helper.js';
import { insertBulkProjects, insertProjects } from '../projects.js';
import { ownProjectsCountQuery, ownProjectsPageQuery } from '#plugins/app/projects/projects.repository.js';

const t = setupTestApp();

type Auth = { authorization: string };
async function list(auth: Auth, query = '') {
  const res = await request(t, { method: 'GET', url: `/api/book/my-books/${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return MyBooksResponse.parse(res.data);
}
/** Every page of a list, following next_cursor. */
async function readAll(auth: Auth, query: string) {
  const pages = [await list(auth, `?${query}`)];
  for (let cursor = pages[0]?.next_cursor; cursor; cursor = pages.at(-1)?.next_cursor) {
    pages.push(await list(auth, `?${query}&cursor=${cursor}`));
  }
  return pages;
}

const BOOKS = [
  { title: 'delta', category: 'Print Book' },
  { title: 'Alpha', category: 'Photo Book' },
  { title: 'charlie', category: 'Magazine' },
  { title: 'Bravo 50%', category: 'Print Book' },
  { title: 'echo', category: 'Comic Book' },
  { title: 'foxtrot', category: 'Calender' },
  { title: 'golf', category: 'Print Book' },
];

describe('GET /api/book/my-books/', () => {
  it('pages newest first, with next_cursor null on the last page and the counts', async () => {
    const me = await createUser(t);
    const ids = await insertProjects(t.db, me.user.id, BOOKS);
    await insertProjects(t.db, (await createUser(t)).user.id, BOOKS);
    const pages = await readAll(me.auth, 'limit=3');
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.data.map((b) => b.id))).toEqual([...ids].reverse());
    expect(pages.at(-1)?.next_cursor).toBeNull();
    expect(pages[0]).toMatchObject({ total: 7, total_projects: 7 });
    // The default page is 50.
    expect((await list(me.auth)).data).toHaveLength(7);
  });

  it('sorts by title (case-insensitive) and category, each way, across pages', async () => {
    const me = await createUser(t);
    await insertProjects(t.db, me.user.id, BOOKS);
    const titles = (query: string) =>
      readAll(me.auth, query).then((pages) => pages.flatMap((p) => p.data.map((b) => b.title)));
    const byTitle = ['Alpha', 'Bravo 50%', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    expect(await titles('sort=title&limit=2')).toEqual(byTitle);
    expect(await titles('sort=title&order=desc&limit=2')).toEqual([...byTitle].reverse());
    const categories = await readAll(me.auth, 'sort=category&limit=2').then((pages) =>
      pages.flatMap((p) => p.data.map((b) => b.category)),
    );
    expect(categories).toEqual([...categories].sort());
    expect(categories).toHaveLength(7);
  });

  it('searches any part of a title or a category on the server; wildcards are literal', async () => {
    const me = await createUser(t);
    await insertProjects(t.db, me.user.id, BOOKS);
    const found = await list(me.auth, '?q=PRINT&limit=2');
    expect(found).toMatchObject({ total: 3, total_projects: 7 });
    expect(found.data.map((b) => b.title)).toEqual(['golf', 'Bravo 50%']);
    expect((await list(me.auth, `?q=${encodeURIComponent('50%')}`)).data.map((b) => b.title)).toEqual([
      'Bravo 50%',
    ]);
    expect((await list(me.auth, '?q=%25')).total).toBe(1);
    expect((await list(me.auth, '?q=_')).total).toBe(0);
    expect((await list(me.auth, '?q=ALPH')).data.map((b) => b.title)).toEqual(['Alpha']);
    expect((await list(me.auth, '?q=%20%20')).total).toBe(7);
  });

  it("reads only the cart's ids, or leaves them out; another customer's ids are never read", async () => {
    const me = await createUser(t);
    const ids = await insertProjects(t.db, me.user.id, BOOKS);
    const [theirs] = await insertProjects(t.db, (await createUser(t)).user.id, BOOKS.slice(0, 1));
    const cart = await list(me.auth, `?ids=${ids[1]},${ids[4]},${theirs},${ids[1]}`);
    expect(cart.data.map((b) => b.id)).toEqual([ids[4], ids[1]]);
    expect(cart).toMatchObject({ total: 2, total_projects: 7 });
    const rest = await list(me.auth, `?exclude=${ids[1]},${ids[4]}`);
    expect(rest.data.map((b) => b.id)).toEqual([ids[6], ids[5], ids[3], ids[2], ids[0]]);
    expect(rest).toMatchObject({ total: 5, total_projects: 7 });
    await t.db
      .updateTable('projects')
      .set({ deleted_at: new Date() })
      .where('id', '=', defined(ids[4], 'the fifth book'))
      .execute();
    expect((await list(me.auth, `?ids=${ids[1]},${ids[4]}`)).data.map((b) => b.id)).toEqual([ids[1]]);
  });

  it('refuses a bad limit, cursor, order or id list with a 400, never a 500', async () => {
    const me = await createUser(t);
    await insertProjects(t.db, me.user.id, BOOKS);
    const status = async (query: string) =>
      (await request(t, { method: 'GET', url: `/api/book/my-books/${query}`, headers: me.auth })).statusCode;
    const titleCursor = defined((await list(me.auth, '?sort=title&limit=2')).next_cursor, 'a next page');
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?sort=price',
      '?order=up',
      '?ids=',
      '?ids=1,,2',
      '?ids=abc',
      '?ids=0',
      `?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`,
      '?cursor=bm90LWEtY3Vyc29y',
      `?cursor=${titleCursor}`,
      `?sort=title&order=desc&cursor=${titleCursor}`,
      `?cursor=${forged(['created', 'desc', 'not a time', 5])}`,
      `?cursor=${forged(['created', 'desc', '2026-11-25T10:00:00.000000Z', -1])}`,
    ]) {
      expect(await status(query), query).toBe(400);
    }
    expect(await status(`?sort=title&cursor=${titleCursor}`)).toBe(200);
  });

  it('reads each order and a search through its index at 20,000 projects, never a scan of projects', async () => {
    const me = await createUser(t);
    await insertBulkProjects(t.db, me.user.id, 20_000);
    for (let i = 0; i < 4; i += 1) await insertBulkProjects(t.db, (await createUser(t)).user.id, 5_000);
    // As autovacuum leaves a table after a bulk insert: statistics, the visibility map, and the trigram index's
    // pending list merged (a GIN index takes fresh rows into a list it reads whole on every search until then).
    await sql`vacuum analyze projects`.execute(t.db);
    await sql`analyze uploads`.execute(t.db);
    const plan = (query: { compile(): CompiledQuery }) => planOf(t.db, query);
    const noSeqScan = (text: string) =>
      expect(text).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"(projects|uploads)"/);
    const page = (sort: 'created' | 'title' | 'category', extra: object = {}) =>
      ownProjectsPageQuery(t.db, me.user.id, { filter: {}, sort, direction: 'asc', limit: 50, ...extra });
    for (const [sort, index] of [
      ['created', 'projects_user_created_idx'],
      ['title', 'projects_user_title_idx'],
      ['category', 'projects_user_category_idx'],
    ] as const) {
      const first = await plan(page(sort));
      noSeqScan(first);
      expect(first, sort).toContain(index);
    }
    const later = await plan(
      page('created', { direction: 'desc', after: ['2026-11-25T10:00:00.000000Z', 100] }),
    );
    noSeqScan(later);
    expect(later).toContain('projects_user_created_idx');
    // A rare text is read through the titles' trigram index, page and count alike (testing each of the customer's
    // rows is slow at the bench's scale: bench/README.md); a common one (every Magazine) through an index starting
    // with the customer. Never the table.
    for (const sort of ['created', 'title'] as const) {
      const rare = await plan(page(sort, { filter: { q: 'book 12345' } }));
      noSeqScan(rare);
      expect(rare, sort).toContain('projects_title_trgm_idx');
    }
    const rareCount = await plan(ownProjectsCountQuery(t.db, me.user.id, { q: 'book 12345' }));
    noSeqScan(rareCount);
    expect(rareCount).toContain('projects_title_trgm_idx');
    const common = await plan(page('created', { direction: 'desc', filter: { q: 'magaz' } }));
    noSeqScan(common);
    expect(common).toMatch(/projects_user_(id|created|title|category)_idx/);
  });
});
