/**
 * Book projects end to end through the HTTP API on the seeded catalog: upload-book (create and edit, priced by
 * the server from the PDF's own page count), my-books, one project, delete (with the order rules of decision 8),
 * the files, dropdown-data, and the cover expert mail over real SMTP.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMailCatcher } from '@bindery/mail-test';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import {
  DeleteProjectResponse,
  DropdownDataResponse,
  MyBooksResponse,
  Project,
  UploadBookResponse,
  UploadedFile,
} from '@bindery/contracts/store/projects';
import { CalculateResponse, CatalogItem } from '@bindery/contracts/store/catalog';
import { parseEnv } from '#env.js';
import { projectTexts } from '#plugins/app/projects/projects.service.js';
import { createUser, defined, json, request, setupTestApp, type TestContext } from '../helper.js';
import { filesUnder, jpegBytes, makePdf } from '../pdf-fixtures.js';
import {
  catalogId,
  createPrintBook,
  insertOrder,
  orderStatus,
  printBookConfiguration,
  upload,
  uploadBook,
  uploadPdf,
  type Auth,
} from '../projects.js';
import { coverCorpus } from '../cover-corpus.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());

const COVER_TEAM = 'covers@bindery.test';
const t = setupTestApp({
  env: { SMTP_URL: mail.url, COVER_EXPERT_EMAIL: COVER_TEAM, PUBLIC_ADMIN_URL: 'http://admin.test:5174' },
});
const m = messages.projects;

let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  owner = await createUser(t);
  stranger = await createUser(t);
  admin = await createUser(t, { is_admin: true });
});

const storageKeys = async (projectId: number) => {
  const p = await t.db
    .selectFrom('projects')
    .select(['pdf_upload_id', 'cover_upload_id'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const ids = [p.pdf_upload_id, p.cover_upload_id].filter((x): x is string => x !== null);
  return (await t.db.selectFrom('uploads').select('storage_key').where('id', 'in', ids).execute()).map(
    (r) => r.storage_key,
  );
};
const onDisk = async (key: string) =>
  access(join(t.dataDir, 'uploads', key)).then(
    () => true,
    () => false,
  );
const projectCount = async (userId: number) =>
  Number(
    (
      await t.db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const attachedAt = async (uploadId: string) =>
  (await t.db.selectFrom('uploads').select('attached_at').where('id', '=', uploadId).executeTakeFirst())
    ?.attached_at;

async function quote(slug: string, payload: Record<string, unknown>) {
  const res = await request(t, { method: 'POST', url: `/api/${slug}/calculate/`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, CalculateResponse);
}

/** Runs an upload-book that must fail and checks it left no project and did not attach the upload. */
async function refusedWithoutTrace(
  auth: Auth,
  userId: number,
  payload: Record<string, unknown>,
  status: number,
  error: string,
) {
  const before = await projectCount(userId);
  const res = await uploadBook(t, auth, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res, ErrorBody).error).toBe(error);
  expect(await projectCount(userId)).toBe(before);
  // Not attached (or no such upload at all).
  if (typeof payload['pdf_upload_id'] === 'string')
    expect((await attachedAt(payload['pdf_upload_id'])) ?? null).toBeNull();
  return res;
}

describe('POST api/book/upload-book/: create', () => {
  it('creates a Print Book priced by the server from the PDF’s page count, with option names', async () => {
    const pdf = await uploadPdf(t, owner.auth, 120);
    // A cover of the book's full size (its preflight would refuse another: ADR 0069).
    const cover = await upload(t, owner.auth, 'cover', await coverCorpus.rightSizePdf(120), 'front.pdf');
    const configuration = await printBookConfiguration(t);
    const res = await uploadBook(t, owner.auth, {
      title: '  The Long Road  ',
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: pdf.id,
      cover_upload_id: json(cover, UploadedFile).id,
      configuration,
      quantity: 150,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res, UploadBookResponse);
    expect(body.status).toBe('success');
    expect(body.message).toBe(m.submitted);
    const expected = await quote('calculator', { ...configuration, page_count: 120, quantity: 150 });
    expect(body.project).toMatchObject({
      title: 'The Long Road',
      category: 'Print Book',
      language: 'english',
      status: 'draft',
      page_count: 120,
      quantity: 150,
      configuration,
      options: {
        trim_size: 'US Trade',
        binding_type: 'Perfect Bound',
        interior_color: 'Standard Color',
        paper_type: '60# White-Uncoated',
        cover_finish: 'Matte',
        extras: {},
      },
      price: {
        cost_per_book: expected.cost_per_book,
        total_cost: expected.total_cost,
        original_total_cost: expected.original_total_cost,
        discount_percent: 5,
        discount_amount: expected.discount_amount,
      },
      pdf_file: {
        file_name: 'book.pdf',
        content_type: 'application/pdf',
        size_bytes: pdf.size_bytes,
        url: `/api/book/${body.project.id}/files/pdf/`,
      },
      cover_file: {
        file_name: 'front.pdf',
        content_type: 'application/pdf',
        url: `/api/book/${body.project.id}/files/cover/`,
      },
      cover_expert: null,
    });
    expect(await attachedAt(pdf.id)).not.toBeNull();
    expect(await attachedAt(json(cover, UploadedFile).id)).not.toBeNull();
  });

  it('prices an odd page count as printed with a blank last page (33 → 34)', async () => {
    const pdf = await uploadPdf(t, owner.auth, 33);
    const configuration = await printBookConfiguration(t);
    const res = await uploadBook(t, owner.auth, {
      title: 'Odd',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
      page_count: 33,
    });
    expect(res.statusCode, res.body).toBe(201);
    const project = json(res, UploadBookResponse).project;
    expect(project.page_count).toBe(33);
    const printed = await quote('calculator', { ...configuration, page_count: 34, quantity: 1 });
    expect(project.price?.total_cost).toBe(printed.total_cost);
    expect(project.price?.discount_percent).toBe(0);
    expect(project.price?.discount_amount).toBe('0.00');
  });

  it('prices a calendar without trim size or page count', async () => {
    const pdf = await uploadPdf(t, owner.auth, 28);
    const calendar = json(
      await request(t, { method: 'GET', url: '/api/calender/dropdowns/' }),
      z.record(z.string(), z.array(CatalogItem)),
    );
    const configuration = {
      binding_id: await catalogId(t, 'calender', 'bindings', 'Wire O'),
      interior_color_id: defined(calendar['interior_colors']?.[0], 'a calendar interior color').id,
      paper_type_id: defined(calendar['paper_types']?.[0], 'a calendar paper type').id,
      cover_finish_id: await catalogId(t, 'calender', 'cover_finishes', 'Gloss'),
    };
    const res = await uploadBook(t, owner.auth, {
      title: 'Year of Birds',
      category: 'Calender',
      pdf_upload_id: pdf.id,
      configuration,
      quantity: 10,
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = await quote('calender', { ...configuration, quantity: 10 });
    expect(json(res, UploadBookResponse).project.price?.total_cost).toBe(expected.total_cost);
    expect(json(res, UploadBookResponse).project.options).toMatchObject({
      trim_size: null,
      binding_type: 'Wire O',
      cover_finish: 'Gloss',
    });
  });

  it('keeps a photo book’s extras by name', async () => {
    // Small Square pages (7.5 × 7.5 in), as the first photo book trim chosen below (ADR 0060).
    const pdf = await uploadPdf(t, owner.auth, 40, 'interior', [540, 540]);
    const dd = json(
      await request(t, { method: 'GET', url: '/api/photobook/dropdowns/' }),
      z.record(z.string(), z.array(CatalogItem)),
    );
    const first = (key: string) => defined(defined(dd[key], key)[0], `the first of ${key}`);
    const configuration = {
      trim_size_id: first('trim_sizes').id,
      binding_id: defined(
        defined(dd['bindings'], 'bindings').find((b) => b.name === 'Case Wrap'),
        'Case Wrap',
      ).id,
      interior_color_id: first('interior_colors').id,
      paper_type_id: first('paper_types').id,
      cover_finish_id: first('cover_finishes').id,
      spine_id: first('spines').id,
    };
    const res = await uploadBook(t, owner.auth, {
      title: 'Summer',
      category: 'Photo Book',
      pdf_upload_id: pdf.id,
      configuration,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadBookResponse).project.options.extras).toEqual({ Spine: first('spines').name });
  });

  it('creates an e Book of its PDF and cover, without configuration, priced at the flat fee (ADR 0034)', async () => {
    const pdf = await uploadPdf(t, owner.auth, 10);
    const cover = await upload(t, owner.auth, 'cover', jpegBytes(), 'front.jpg', 'image/jpeg');
    const res = await uploadBook(t, owner.auth, {
      title: 'Digital',
      category: 'e Book',
      pdf_upload_id: pdf.id,
      cover_upload_id: json(cover, UploadedFile).id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadBookResponse).project).toMatchObject({
      configuration: null,
      quantity: 1,
      page_count: 10,
    });
    expect(json(res, UploadBookResponse).project.price).toMatchObject({
      total_cost: '9.99',
      cost_per_book: '9.99',
    });
    const row = await t.db
      .selectFrom('projects')
      .select('product_slug')
      .where('id', '=', json(res, UploadBookResponse).project.id)
      .executeTakeFirstOrThrow();
    expect(row.product_slug).toBe('ebook');
  });

  it('refuses configuration or copies on an e Book', async () => {
    const pdf = await uploadPdf(t, owner.auth, 10);
    const base = { title: 'Digital', category: 'e Book', pdf_upload_id: pdf.id };
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, configuration: await printBookConfiguration(t) },
      400,
      projectTexts.eBookNoConfiguration,
    );
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, quantity: 5 },
      400,
      projectTexts.eBookNoQuantity,
    );
  });

  it('needs a configuration for a printed category', async () => {
    const pdf = await uploadPdf(t, owner.auth, 40);
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { title: 'T', category: 'Magazine', pdf_upload_id: pdf.id },
      400,
      m.completeConfiguration,
    );
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { title: 'T', category: 'Magazine', pdf_upload_id: pdf.id, configuration: null },
      400,
      m.completeConfiguration,
    );
  });

  it('refuses a field the category does not have', async () => {
    const pdf = await uploadPdf(t, owner.auth, 40);
    const configuration = { ...(await printBookConfiguration(t)), spine_id: 1 };
    const res = await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { title: 'T', category: 'Print Book', pdf_upload_id: pdf.id, configuration },
      400,
      projectTexts.notAnOption('spine_id', 'Print Book'),
    );
    expect(json(res, ErrorBody).fields).toEqual([
      { path: 'body.configuration.spine_id', message: projectTexts.notAnOption('spine_id', 'Print Book') },
    ]);
  });

  it('answers the catalog’s own words when the binding does not fit the PDF (10 pages, perfect bound)', async () => {
    const pdf = await uploadPdf(t, owner.auth, 10);
    const configuration = await printBookConfiguration(t);
    const direct = await request(t, {
      method: 'POST',
      url: '/api/calculator/calculate/',
      payload: { ...configuration, page_count: 10, quantity: 1 },
    });
    expect(direct.statusCode).toBe(400);
    const res = await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { title: 'T', category: 'Print Book', pdf_upload_id: pdf.id, configuration },
      400,
      json(direct, ErrorBody).error,
    );
    expect(json(res, ErrorBody).code).toBe('INVALID_CONFIGURATION');
    expect(json(res, ErrorBody).fields?.[0]?.path).toBe('body.page_count');
  });

  it('refuses an id that is not an item of the category', async () => {
    const pdf = await uploadPdf(t, owner.auth, 40);
    const configuration = { ...(await printBookConfiguration(t)), binding_id: 999_999 };
    const res = await uploadBook(t, owner.auth, {
      title: 'T',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).fields).toContainEqual(
      expect.objectContaining({ path: 'body.configuration.binding_id' }),
    );
    expect(await attachedAt(pdf.id)).toBeNull();
  });

  it('refuses a page_count that is not the PDF’s', async () => {
    const pdf = await uploadPdf(t, owner.auth, 41);
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      {
        title: 'T',
        category: 'Print Book',
        pdf_upload_id: pdf.id,
        configuration: await printBookConfiguration(t),
        page_count: 40,
      },
      400,
      m.pageCountMismatch(41),
    );
  });

  it('refuses unknown, foreign, expired, already used and wrong-purpose uploads', async () => {
    const configuration = await printBookConfiguration(t);
    const base = { title: 'T', category: 'Print Book', configuration };
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, pdf_upload_id: crypto.randomUUID() },
      400,
      m.uploadNotFound,
    );

    const foreign = await uploadPdf(t, stranger.auth, 40);
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, pdf_upload_id: foreign.id },
      400,
      m.uploadNotFound,
    );

    const expired = await uploadPdf(t, owner.auth, 40);
    await t.db
      .updateTable('uploads')
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where('id', '=', expired.id)
      .execute();
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, pdf_upload_id: expired.id },
      400,
      m.uploadNotFound,
    );

    const used = await uploadPdf(t, owner.auth, 40);
    expect((await uploadBook(t, owner.auth, { ...base, pdf_upload_id: used.id })).statusCode).toBe(201);
    const res = await uploadBook(t, owner.auth, { ...base, pdf_upload_id: used.id });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).error).toBe(m.uploadNotFound);

    const cover = await upload(t, owner.auth, 'cover', jpegBytes(), 'c.jpg');
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, pdf_upload_id: json(cover, UploadedFile).id },
      400,
      m.uploadPdf,
    );
    const pdf = await uploadPdf(t, owner.auth, 40);
    const otherPdf = await uploadPdf(t, owner.auth, 40);
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      { ...base, pdf_upload_id: pdf.id, cover_upload_id: otherPdf.id },
      400,
      m.uploadNotFound,
    );
    expect(await attachedAt(otherPdf.id)).toBeNull();
  });

  it('refuses a cover file together with the cover expert', async () => {
    const pdf = await uploadPdf(t, owner.auth, 40);
    const cover = await upload(t, owner.auth, 'cover', jpegBytes(), 'c.jpg');
    await refusedWithoutTrace(
      owner.auth,
      owner.user.id,
      {
        title: 'T',
        category: 'Print Book',
        pdf_upload_id: pdf.id,
        cover_upload_id: json(cover, UploadedFile).id,
        configuration: await printBookConfiguration(t),
        cover_expert: {
          contact_name: 'A',
          contact_email: 'a@example.test',
          book_title: 'T',
          book_genre: 'Drama',
          cover_description: 'Blue',
        },
      },
      400,
      projectTexts.coverOrExpert,
    );
    expect(await attachedAt(json(cover, UploadedFile).id)).toBeNull();
  });

  it('validates the body strictly: spec texts for title and category, no client price', async () => {
    const pdf = await uploadPdf(t, owner.auth, 40);
    const configuration = await printBookConfiguration(t);
    const noTitle = await uploadBook(t, owner.auth, {
      title: '   ',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
    });
    expect(noTitle.statusCode).toBe(400);
    expect(json(noTitle, ErrorBody).fields).toContainEqual({ path: 'body.title', message: m.enterDetails });
    const badCategory = await uploadBook(t, owner.auth, {
      title: 'T',
      category: 'Cook Book',
      pdf_upload_id: pdf.id,
      configuration,
    });
    expect(json(badCategory, ErrorBody).fields).toContainEqual({
      path: 'body.category',
      message: m.selectCategory,
    });
    const withPrice = await uploadBook(t, owner.auth, {
      title: 'T',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
      total_cost: '0.01',
    });
    expect(withPrice.statusCode).toBe(400);
    expect(await attachedAt(pdf.id)).toBeNull();
  });

  it('needs a bearer token', async () => {
    expect(
      (await uploadBook(t, undefined, { title: 'T', category: 'e Book', pdf_upload_id: crypto.randomUUID() }))
        .statusCode,
    ).toBe(401);
  });
});

describe('cover expert', () => {
  const request_ = {
    contact_name: 'Ann Author',
    contact_email: 'ann@example.test',
    book_title: 'Tides <of> Time',
    book_genre: 'Fantasy',
    cover_description: 'A lighthouse at dusk; hardcover, case wrap.',
  };

  it('stores the request, answers the cover expert text and mails the cover team with links', async () => {
    const pdf = await uploadPdf(t, owner.auth, 64);
    const res = await uploadBook(t, owner.auth, {
      title: 'Tides',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration: await printBookConfiguration(t),
      cover_expert: request_,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadBookResponse).message).toBe(m.coverExpertSubmitted);
    expect(json(res, UploadBookResponse).project.cover_expert).toEqual(request_);
    const message = await mail.waitFor({ to: COVER_TEAM, subject: /Cover design request/ });
    // A fixed subject (ADR 0031); the project is named in the body.
    expect(message.subject).toBe('Cover design request');
    expect(message.text).toContain(`Project: #${json(res, UploadBookResponse).project.id} Tides`);
    expect(message.text).toContain('Ann Author');
    expect(message.text).toContain(request_.cover_description);
    expect(message.text).toContain(owner.user.email);
    expect(message.links).toContain(
      `${t.config.apiUrl}/api/book/${json(res, UploadBookResponse).project.id}/files/pdf/`,
    );
    expect(message.links).toContain('http://admin.test:5174/admin/orders');
    // Customer text is escaped in the HTML part.
    expect(message.html).toContain('Tides &lt;of&gt; Time');
  });

  it('reads COVER_EXPERT_EMAIL, else ADMIN_EMAIL', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: t.dataDir };
    expect(
      parseEnv({ ...base, COVER_EXPERT_EMAIL: 'c@x.test', ADMIN_EMAIL: 'a@x.test', ADMIN_PASSWORD: 'p' })
        .coverExpertEmail,
    ).toBe('c@x.test');
    expect(parseEnv({ ...base, ADMIN_EMAIL: 'a@x.test', ADMIN_PASSWORD: 'p' }).coverExpertEmail).toBe(
      'a@x.test',
    );
    expect(parseEnv(base).coverExpertEmail).toBeUndefined();
    expect(() => parseEnv({ ...base, COVER_EXPERT_EMAIL: 'not-an-address' })).toThrow(/COVER_EXPERT_EMAIL/);
  });
});

describe('POST api/book/upload-book/ with project_id: edit', () => {
  it('replaces the files and configuration; the old upload’s row and file are gone; an unpaid order is canceled', async () => {
    const project = await createPrintBook(t, owner.auth, {}, 40);
    const [oldKey] = await storageKeys(project.id);
    const oldUpload = (
      await t.db
        .selectFrom('projects')
        .select('pdf_upload_id')
        .where('id', '=', project.id)
        .executeTakeFirstOrThrow()
    ).pdf_upload_id;
    const orderId = await insertOrder(t, owner.user.id, [project.id], 'awaiting_payment');
    const paidElsewhere = await insertOrder(t, owner.user.id, [], 'paid');

    const pdf = await uploadPdf(t, owner.auth, 60);
    const configuration = await printBookConfiguration(t, 'Coil Bound');
    const res = await uploadBook(t, owner.auth, {
      project_id: project.id,
      title: 'Second Draft',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
      quantity: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, UploadBookResponse).project).toMatchObject({
      id: project.id,
      title: 'Second Draft',
      page_count: 60,
      quantity: 3,
      options: { binding_type: 'Coil Bound' },
    });
    expect(
      await t.db.selectFrom('uploads').select('id').where('id', '=', oldUpload).executeTakeFirst(),
    ).toBeUndefined();
    expect(await onDisk(defined(oldKey, 'oldKey'))).toBe(false);
    expect(await orderStatus(t, orderId)).toBe('canceled');
    expect(await orderStatus(t, paidElsewhere)).toBe('paid');
  });

  it('keeps the file when the edit names the same upload', async () => {
    const project = await createPrintBook(t, owner.auth);
    const row = await t.db
      .selectFrom('projects')
      .select('pdf_upload_id')
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    const [key] = await storageKeys(project.id);
    const res = await uploadBook(t, owner.auth, {
      project_id: project.id,
      title: 'Renamed',
      category: 'Print Book',
      pdf_upload_id: row.pdf_upload_id,
      configuration: await printBookConfiguration(t),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, UploadBookResponse).project.title).toBe('Renamed');
    expect(await onDisk(defined(key, 'key'))).toBe(true);
  });

  it('answers 404 for another user’s project, an ordered one, a deleted one', async () => {
    const project = await createPrintBook(t, owner.auth);
    const pdf = await uploadPdf(t, stranger.auth, 40);
    const configuration = await printBookConfiguration(t);
    const foreign = await uploadBook(t, stranger.auth, {
      project_id: project.id,
      title: 'Mine now',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration,
    });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign, ErrorBody).error).toBe(m.projectNotFound);
    expect(await attachedAt(pdf.id)).toBeNull();

    await t.db.updateTable('projects').set({ status: 'ordered' }).where('id', '=', project.id).execute();
    const mine = await uploadPdf(t, owner.auth, 40);
    const ordered = await uploadBook(t, owner.auth, {
      project_id: project.id,
      title: 'X',
      category: 'Print Book',
      pdf_upload_id: mine.id,
      configuration,
    });
    expect(ordered.statusCode).toBe(404);
    expect(await attachedAt(mine.id)).toBeNull();

    const deleted = await createPrintBook(t, owner.auth);
    expect(
      (await request(t, { method: 'DELETE', url: `/api/book/${deleted.id}/delete/`, headers: owner.auth }))
        .statusCode,
    ).toBe(200);
    const afterDelete = await uploadBook(t, owner.auth, {
      project_id: deleted.id,
      title: 'X',
      category: 'Print Book',
      pdf_upload_id: mine.id,
      configuration,
    });
    expect(afterDelete.statusCode).toBe(404);
    expect(await attachedAt(mine.id)).toBeNull();
  });

  it('a failed edit changes nothing', async () => {
    const project = await createPrintBook(t, owner.auth);
    const [key] = await storageKeys(project.id);
    const orderId = await insertOrder(t, owner.user.id, [project.id], 'awaiting_payment');
    const pdf = await uploadPdf(t, owner.auth, 10);
    const res = await uploadBook(t, owner.auth, {
      project_id: project.id,
      title: 'Too short',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration: await printBookConfiguration(t),
    });
    expect(res.statusCode).toBe(400);
    const after = await request(t, { method: 'GET', url: `/api/book/${project.id}/`, headers: owner.auth });
    expect(json(after, Project).title).toBe('My Book');
    expect(await onDisk(defined(key, 'key'))).toBe(true);
    expect(await attachedAt(pdf.id)).toBeNull();
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
  });
});

describe('reading projects', () => {
  let reader: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    reader = await createUser(t);
  });

  it('my-books lists only the user’s own projects, not deleted, newest first', async () => {
    const first = await createPrintBook(t, reader.auth, { title: 'First' });
    const second = await createPrintBook(t, reader.auth, { title: 'Second' });
    const gone = await createPrintBook(t, reader.auth, { title: 'Gone' });
    await createPrintBook(t, stranger.auth, { title: 'Not yours' });
    expect(
      (await request(t, { method: 'DELETE', url: `/api/book/${gone.id}/delete/`, headers: reader.auth }))
        .statusCode,
    ).toBe(200);
    const res = await request(t, { method: 'GET', url: '/api/book/my-books/', headers: reader.auth });
    expect(res.statusCode).toBe(200);
    const list = json(res, MyBooksResponse).data;
    expect(list.map((p) => p.id)).toEqual([second.id, first.id]);
  });

  it('my-books needs a bearer token', async () => {
    expect((await request(t, { method: 'GET', url: '/api/book/my-books/' })).statusCode).toBe(401);
  });

  it('one project: the owner’s only (another user or an unknown id: 404)', async () => {
    const project = await createPrintBook(t, reader.auth);
    const own = await request(t, { method: 'GET', url: `/api/book/${project.id}/`, headers: reader.auth });
    expect(own.statusCode).toBe(200);
    expect(json(own, Project).id).toBe(project.id);
    const other = await request(t, {
      method: 'GET',
      url: `/api/book/${project.id}/`,
      headers: stranger.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(json(other, ErrorBody).error).toBe(m.projectNotFound);
    expect(
      (await request(t, { method: 'GET', url: '/api/book/99999999/', headers: reader.auth })).statusCode,
    ).toBe(404);
    expect(
      (await request(t, { method: 'GET', url: '/api/book/abc/', headers: reader.auth })).statusCode,
    ).toBe(400);
  });

  it('dropdown-data: the seven categories with their catalog slug, and the languages', async () => {
    expect((await request(t, { method: 'GET', url: '/api/book/dropdown-data/' })).statusCode).toBe(401);
    const res = await request(t, { method: 'GET', url: '/api/book/dropdown-data/', headers: reader.auth });
    expect(res.statusCode).toBe(200);
    const data = json(res, DropdownDataResponse);
    expect(data.categories.map((c) => [c.name, c.product_slug])).toEqual([
      ['Print Book', 'calculator'],
      ['Photo Book', 'photobook'],
      ['Comic Book', 'comicbook'],
      ['Magazine', 'magazine'],
      ['Year Book', 'yearbook'],
      ['Calender', 'calender'],
      ['e Book', 'ebook'],
    ]);
    for (const c of data.categories) {
      expect(c.description.length).toBeGreaterThan(0);
      expect(c.calculator_name.length).toBeGreaterThan(0);
    }
    expect(data.languages).toEqual(['english', 'urdu', 'arabic']);
  });
});

describe('files', () => {
  it('serves the PDF to its owner: type, inline or attachment, nosniff, the exact bytes', async () => {
    const bytes = await makePdf(36);
    const up = await upload(t, owner.auth, 'interior', bytes, 'Ünïcode book.pdf');
    const res = await uploadBook(t, owner.auth, {
      title: 'Files',
      category: 'Print Book',
      pdf_upload_id: json(up, UploadedFile).id,
      configuration: await printBookConfiguration(t),
    });
    const url = json(res, UploadBookResponse).project.pdf_file.url;
    const file = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="_n_code book.pdf"; filename*=UTF-8''${encodeURIComponent('Ünïcode book.pdf')}`,
    );
    expect(Number(file.headers['content-length'])).toBe(bytes.length);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: `${url}?download=true`, headers: owner.auth });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('serves the cover; a project without one answers 404', async () => {
    const cover = await upload(t, owner.auth, 'cover', coverCorpus.imageAt(40, 150), 'c.png', 'image/png');
    const withCover = await createPrintBook(t, owner.auth, { cover_upload_id: json(cover, UploadedFile).id });
    const file = await t.app.inject({
      method: 'GET',
      url: defined(withCover.cover_file, 'withCover.cover_file').url,
      headers: owner.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const without = await createPrintBook(t, owner.auth);
    const none = await request(t, {
      method: 'GET',
      url: `/api/book/${without.id}/files/cover/`,
      headers: owner.auth,
    });
    expect(none.statusCode).toBe(404);
    expect(json(none, ErrorBody).error).toBe(projectTexts.noCover);
  });

  it('serves an admin, never another customer; needs a token; only pdf|cover', async () => {
    const project = await createPrintBook(t, owner.auth);
    expect(
      (await t.app.inject({ method: 'GET', url: project.pdf_file.url, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: project.pdf_file.url, headers: stranger.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: project.pdf_file.url })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/book/${project.id}/files/manuscript/`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('DELETE api/book/{id}/delete/', () => {
  it('soft-deletes a draft and removes its files when no order refers to it', async () => {
    const cover = await upload(t, owner.auth, 'cover', await coverCorpus.rightSizePdf(40), 'c.pdf');
    const project = await createPrintBook(t, owner.auth, { cover_upload_id: json(cover, UploadedFile).id });
    const keys = await storageKeys(project.id);
    expect(keys).toHaveLength(2);
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res, DeleteProjectResponse).message).toBe(projectTexts.deleted);
    const row = await t.db
      .selectFrom('projects')
      .select('deleted_at')
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    for (const key of keys) expect(await onDisk(key)).toBe(false);
    expect(
      (await request(t, { method: 'GET', url: `/api/book/${project.id}/`, headers: owner.auth })).statusCode,
    ).toBe(404);
    expect(
      (await request(t, { method: 'DELETE', url: `/api/book/${project.id}/delete/`, headers: owner.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for another user’s project and leaves it alone', async () => {
    const project = await createPrintBook(t, owner.auth);
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await request(t, { method: 'GET', url: `/api/book/${project.id}/`, headers: owner.auth })).statusCode,
    ).toBe(200);
  });

  it('refuses an ordered project, or one in a paid order, with 409', async () => {
    const ordered = await createPrintBook(t, owner.auth);
    await t.db.updateTable('projects').set({ status: 'ordered' }).where('id', '=', ordered.id).execute();
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/book/${ordered.id}/delete/`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(json(res, ErrorBody).error).toBe(m.projectInOrder);

    const inPaid = await createPrintBook(t, owner.auth);
    const orderId = await insertOrder(t, owner.user.id, [inPaid.id], 'in_production');
    expect(
      (await request(t, { method: 'DELETE', url: `/api/book/${inPaid.id}/delete/`, headers: owner.auth }))
        .statusCode,
    ).toBe(409);
    expect(await orderStatus(t, orderId)).toBe('in_production');
    expect(
      (await request(t, { method: 'GET', url: `/api/book/${inPaid.id}/`, headers: owner.auth })).statusCode,
    ).toBe(200);
  });

  it('cancels the unpaid order holding the project, keeps the files the order refers to', async () => {
    const project = await createPrintBook(t, owner.auth);
    const keys = await storageKeys(project.id);
    const unpaid = await insertOrder(t, owner.user.id, [project.id], 'awaiting_payment');
    const canceledBefore = await insertOrder(t, owner.user.id, [project.id], 'canceled');
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(t, unpaid)).toBe('canceled');
    expect(await orderStatus(t, canceledBefore)).toBe('canceled');
    for (const key of keys) expect(await onDisk(key)).toBe(true);
    // An admin can still open what the order was about.
    expect(
      (await t.app.inject({ method: 'GET', url: project.pdf_file.url, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: project.pdf_file.url, headers: owner.auth })).statusCode,
    ).toBe(404);
  });
});

describe.skipIf(inject('pg').mode !== 'postgres')('racing a checkout (PostgreSQL row locks)', () => {
  it('a delete waiting for the project sees the order checkout added meanwhile: cancels it, keeps the files', async () => {
    const project = await createPrintBook(t, owner.auth);
    const keys = await storageKeys(project.id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // What checkout does: lock the project FOR SHARE, then add it to a new order, then commit.
    const checkout = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('projects').select('id').where('id', '=', project.id).forShare().execute();
      holding();
      await released;
      return insertOrder(t, owner.user.id, [project.id], 'awaiting_payment', trx);
    });
    await held;
    const deleting = request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: owner.auth,
    });
    // Wait until the delete is queued behind checkout's lock (PostgreSQL says so), not for a time that hopes it is.
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
          ).rows[0]?.n,
        { timeout: 15_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    release();
    const orderId = await checkout;
    const res = await deleting;
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(t, orderId)).toBe('canceled');
    for (const key of keys) expect(await onDisk(key)).toBe(true);
  });
});

describe('cover expert mail fallback', () => {
  const fallback: TestContext = setupTestApp({ env: { SMTP_URL: mail.url } });

  it('goes to the default admin’s address when neither COVER_EXPERT_EMAIL nor ADMIN_EMAIL is set', async () => {
    const u = await createUser(fallback);
    const pdf = await uploadPdf(fallback, u.auth, 40);
    const res = await uploadBook(fallback, u.auth, {
      title: 'Fallback',
      // A printed book: an e Book brings its own cover (ADR 0034).
      category: 'Print Book',
      configuration: await printBookConfiguration(fallback),
      pdf_upload_id: pdf.id,
      cover_expert: {
        contact_name: 'B',
        contact_email: 'b@example.test',
        book_title: 'Fallback',
        book_genre: 'Essay',
        cover_description: 'Plain',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = await mail.waitFor({ to: 'admin@bindery.local', subject: 'Cover design request' });
    expect(message.text).toContain('Plain');
  });
});

it('never leaves a staged file behind', async () => {
  expect((await filesUnder(join(t.dataDir, 'uploads'))).filter((f) => f.startsWith('.incoming/'))).toEqual(
    [],
  );
  // The stored files are exactly the uploads rows' keys.
  const keys = (await t.db.selectFrom('uploads').select('storage_key').execute()).map((r) => r.storage_key);
  const files = await filesUnder(join(t.dataDir, 'uploads'));
  for (const f of files) expect(keys).toContain(f);
});
