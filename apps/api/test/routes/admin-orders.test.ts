/**
 * GET api/book/all-orders/ (admin): every project that is not deleted, with its customer's e-mail (null once the
 * account is deleted), option names, file paths, quantity and the latest order that is not canceled.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { AllOrdersResponse, type SubmittedProject } from '@bindery/contracts/admin/orders';
import { ErrorBody } from '@bindery/contracts/common';
import { UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { anyString, createUser, defined, json, request, setupTestApp } from '../helper.js';
import { jpegBytes } from '../pdf-fixtures.js';
import { projectsForAdminQuery } from '#plugins/app/projects/projects.repository.js';
import { planOf } from '../explain.js';
import {
  createPrintBook,
  insertBulkProjects,
  insertOrder,
  upload,
  uploadBook,
  uploadPdf,
} from '../projects.js';
import { coverCorpus } from '../cover-corpus.js';

const t = setupTestApp();

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser(t, { is_admin: true });
  customer = await createUser(t);
});

async function allOrders(): Promise<SubmittedProject[]> {
  const res = await request(t, { method: 'GET', url: '/api/book/all-orders/', headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, AllOrdersResponse).data;
}

describe('GET api/book/all-orders/', () => {
  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const anonymous = await request(t, { method: 'GET', url: '/api/book/all-orders/' });
    expect(anonymous.statusCode).toBe(401);
    const res = await request(t, { method: 'GET', url: '/api/book/all-orders/', headers: customer.auth });
    expect(res.statusCode).toBe(403);
    expect(json(res, ErrorBody).error).toBe(messages.generic.forbidden);
  });

  it('lists projects with the customer’s e-mail, option names, file paths and quantity, newest first', async () => {
    const cover = await upload(t, customer.auth, 'cover', await coverCorpus.rightSizePdf(64), 'c.pdf');
    const first = await createPrintBook(
      t,
      customer.auth,
      { title: 'With cover', cover_upload_id: json(cover, UploadedFile).id, quantity: 7 },
      64,
    );
    const pdf = await uploadPdf(t, customer.auth, 20);
    // An e Book: no print options, its own cover (ADR 0034).
    const ebookCover = await upload(t, customer.auth, 'cover', jpegBytes(), 'front.jpg', 'image/jpeg');
    const second = await uploadBook(t, customer.auth, {
      title: 'Digital edition',
      category: 'e Book',
      language: 'urdu',
      pdf_upload_id: pdf.id,
      cover_upload_id: json(ebookCover, UploadedFile).id,
    });
    expect(second.statusCode, second.body).toBe(201);
    const ebook = json(second, UploadBookResponse).project;

    const list = await allOrders();
    const ids = list.map((o) => o.id);
    expect(ids.indexOf(ebook.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.find((o) => o.id === first.id)).toEqual({
      id: first.id,
      title: 'With cover',
      user_email: customer.user.email,
      category: 'Print Book',
      language: 'english',
      created_at: anyString,
      page_count: 64,
      binding_type: 'Perfect Bound',
      cover_finish: 'Matte',
      interior_color: 'Standard Color',
      paper_type: '60# White-Uncoated',
      trim_size: 'US Trade',
      pdf_file: `/api/book/${first.id}/files/pdf/`,
      cover_file: `/api/book/${first.id}/files/cover/`,
      cover_description: null,
      quantity: 7,
      order_id: null,
      order_status: null,
    });
    expect(list.find((o) => o.id === ebook.id)).toMatchObject({
      category: 'e Book',
      language: 'urdu',
      binding_type: null,
      cover_file: `/api/book/${ebook.id}/files/cover/`,
      cover_description: null,
      quantity: 1,
    });
    // The listed paths serve the admin.
    const file = await t.app.inject({
      method: 'GET',
      url: defined(
        list.find((o) => o.id === first.id),
        'the first project in the list',
      ).pdf_file,
      headers: admin.auth,
    });
    expect(file.statusCode).toBe(200);
  });

  it('gives the latest order that is not canceled', async () => {
    const project = await createPrintBook(t, customer.auth, { title: 'Ordered twice' });
    const paid = await insertOrder(t, customer.user.id, [project.id], 'paid');
    await insertOrder(t, customer.user.id, [project.id], 'canceled');
    expect((await allOrders()).find((o) => o.id === project.id)).toMatchObject({
      order_id: paid,
      order_status: 'paid',
    });
    const later = await insertOrder(t, customer.user.id, [project.id], 'shipped');
    expect((await allOrders()).find((o) => o.id === project.id)).toMatchObject({
      order_id: later,
      order_status: 'shipped',
    });
    const onlyCanceled = await createPrintBook(t, customer.auth, { title: 'Canceled only' });
    await insertOrder(t, customer.user.id, [onlyCanceled.id], 'canceled');
    expect((await allOrders()).find((o) => o.id === onlyCanceled.id)).toMatchObject({
      order_id: null,
      order_status: null,
    });
  });

  it('leaves out deleted projects, and a deleted account’s drafts (gone with it, ADR 0074)', async () => {
    const gone = await createPrintBook(t, customer.auth, { title: 'Deleted' });
    expect(
      (await request(t, { method: 'DELETE', url: `/api/book/${gone.id}/delete/`, headers: customer.auth }))
        .statusCode,
    ).toBe(200);
    expect((await allOrders()).some((o) => o.id === gone.id)).toBe(false);

    const leaving = await createUser(t);
    const kept = await createPrintBook(t, leaving.auth, { title: 'Left behind' });
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/users/admin/users/${leaving.user.id}/delete/`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await allOrders()).some((o) => o.id === kept.id)).toBe(false);
    expect(await t.db.selectFrom('projects').select('id').where('id', '=', kept.id).executeTakeFirst()).toBeUndefined();
  });

  it('answers an empty list when there is nothing', async () => {
    // Everything so far deleted: the list shrinks accordingly (no stale rows).
    await t.db
      .updateTable('projects')
      .set({ deleted_at: sql`now()` })
      .execute();
    expect(await allOrders()).toEqual([]);
  });
});

describe('GET api/book/all-orders/?q= (the spec’s “Search orders by title or email...”)', () => {
  it('finds a part of the title or of the customer’s e-mail, case-insensitively, page by page, newest first', async () => {
    const quill = await createUser(t, { email: 'ink.quill@example.test' });
    const other = await createUser(t);
    const gone = await createUser(t, { email: 'gone.quill@example.test' });
    const made: number[] = [];
    made.push((await createPrintBook(t, quill.auth, { title: 'Winter Notes' })).id);
    made.push((await createPrintBook(t, other.auth, { title: 'The QUILL Diaries' })).id);
    await createPrintBook(t, other.auth, { title: 'Unrelated' });
    made.push((await createPrintBook(t, quill.auth, { title: 'Summer Notes' })).id);
    // A deleted account's draft goes with it (ADR 0074): neither its title nor its old e-mail finds it.
    const orphan = await createPrintBook(t, gone.auth, { title: 'Left here' });
    await request(t, {
      method: 'DELETE',
      url: `/api/users/admin/users/${gone.user.id}/delete/`,
      headers: admin.auth,
    });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/book/all-orders/?limit=2&q=quill${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await request(t, { method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      const page = AllOrdersResponse.parse(res.data);
      seen.push(...page.data.map((o) => o.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...made].reverse());
    expect(pages).toBe(2);

    const find = async (q: string) =>
      AllOrdersResponse.parse(
        (
          await request(t, {
            method: 'GET',
            url: `/api/book/all-orders/?q=${encodeURIComponent(q)}`,
            headers: admin.auth,
          })
        ).data,
      ).data.map((o) => o.id);
    expect(await find('NOTES')).toEqual([made[2], made[0]]);
    expect(await find('gone.quill')).toEqual([]);
    expect(await find('left here')).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await find('%')).toEqual([]);
    expect(await find('   ')).toEqual(expect.arrayContaining(made));
    expect(await find('   ')).not.toContain(orphan.id);
  });

  it('reads a rare title through the trigram index at 40,000 projects, never a scan of projects', async () => {
    const me = await createUser(t);
    await insertBulkProjects(t.db, me.user.id, 20_000);
    for (let i = 0; i < 4; i += 1) await insertBulkProjects(t.db, (await createUser(t)).user.id, 5_000);
    // As autovacuum leaves a table after a bulk insert (the trigram index's pending list merged).
    await sql`vacuum analyze projects`.execute(t.db);
    const plan = await planOf(t.db, projectsForAdminQuery(t.db, { limit: 50, q: 'book 12345' }));
    expect(plan).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"projects"/);
    expect(plan).toContain('projects_title_trgm_idx');
  });
});
