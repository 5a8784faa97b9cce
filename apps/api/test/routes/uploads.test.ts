/**
 * POST api/book/uploads/: the server decides a file's type from its bytes and a PDF's page count by reading it;
 * a refused upload leaves no file and no row; expired pending uploads are swept.
 */
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { UploadedFile } from '@bindery/contracts/store/projects';
import {
  MAX_PENDING_UPLOADS,
  sweepExpiredUploads,
  sweepStaging,
  uploadTexts,
} from '#plugins/app/projects/uploads.service.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import {
  corruptPdf,
  filesUnder,
  garbageJpeg,
  garbagePng,
  gifBytes,
  hugePngHeader,
  jpegBytes,
  makePdf,
  multipartBody,
  pdfDeclaring,
  pdfWithBrokenXref,
  pdfWithCyclicKids,
  pngBytes,
  streamedUpload,
} from '../pdf-fixtures.js';
import { createPrintBook, upload, uploadPdf, type Auth } from '../projects.js';

const t = setupTestApp();
const m = messages.projects;
let auth: Auth;
let userId: number;
const uploadsDir = () => join(t.dataDir, 'uploads');

beforeAll(async () => {
  const u = await createUser(t);
  auth = u.auth;
  userId = u.user.id;
});

async function rowCount(id = userId) {
  const row = await t.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** POST api/book/uploads/ with a multipart body as built, or with other bytes under its headers (cut short…). */
function postUpload(
  body: { headers: Record<string, string>; payload: Buffer | Readable },
  payload: Buffer | Readable = body.payload,
) {
  return request(t, {
    method: 'POST',
    url: '/api/book/uploads/',
    headers: { ...body.headers, ...auth },
    payload,
  });
}

/** Runs a refused upload and checks it left no file (stored or staged) and no row. */
async function expectRefusedWithoutTrace(
  run: () => Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>>,
  status: number,
  error: string,
) {
  const filesBefore = await filesUnder(uploadsDir());
  const rowsBefore = await rowCount();
  const res = await run();
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res, ErrorBody).error).toBe(error);
  expect(await filesUnder(uploadsDir())).toEqual(filesBefore);
  expect(await rowCount()).toBe(rowsBefore);
  return res;
}

describe('interior PDFs', () => {
  it('stores a readable PDF and answers its page count, size and type from the bytes', async () => {
    const bytes = await makePdf(12);
    const res = await upload(t, auth, 'interior', bytes, 'My Novel.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const file = json(res, UploadedFile);
    expect(file).toMatchObject({
      purpose: 'interior',
      file_name: 'My Novel.pdf',
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      page_count: 12,
    });
    const row = await t.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, attached_at: null, page_count: 12 });
    // Stored byte for byte under DATA_DIR/uploads, outside any public directory.
    expect(await readFile(join(uploadsDir(), row.storage_key))).toEqual(bytes);
  });

  it('counts an odd number of pages as it is (the blank last page is a printing matter)', async () => {
    expect((await uploadPdf(t, auth, 33)).page_count).toBe(33);
  });

  it('ignores the client’s file name and type: a PNG named book.pdf is refused', async () => {
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'interior', pngBytes(), 'book.pdf', 'application/pdf'),
      400,
      m.onlyPdf,
    );
  });

  it('refuses a JPEG as interior', async () => {
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'interior', jpegBytes(), 'book.jpg', 'image/jpeg'),
      400,
      m.onlyPdf,
    );
  });

  it('refuses a corrupt PDF', async () => {
    await expectRefusedWithoutTrace(() => upload(t, auth, 'interior', corruptPdf()), 400, m.invalidPdf);
  });

  it('refuses a truncated PDF', async () => {
    const bytes = await makePdf(40);
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'interior', bytes.subarray(0, 200)),
      400,
      m.invalidPdf,
    );
  });

  it.each([1, 801])('refuses %i pages (2 to 800 allowed)', async (pages) => {
    const bytes = await makePdf(pages, { blank: true });
    await expectRefusedWithoutTrace(() => upload(t, auth, 'interior', bytes), 400, m.pageCountRange);
  });

  it('accepts the limits, 2 and 800 pages', async () => {
    expect((await uploadPdf(t, auth, 2)).page_count).toBe(2);
    expect((await uploadPdf(t, auth, 800)).page_count).toBe(800);
  });

  it('refuses an empty file', async () => {
    await expectRefusedWithoutTrace(() => upload(t, auth, 'interior', Buffer.alloc(0)), 400, m.onlyPdf);
  });
});

describe('covers', () => {
  it('accepts a JPEG (no page count)', async () => {
    const res = await upload(t, auth, 'cover', jpegBytes(), 'cover.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadedFile)).toMatchObject({
      purpose: 'cover',
      content_type: 'image/jpeg',
      page_count: null,
    });
  });

  it('accepts a PNG even when the client calls it something else', async () => {
    const res = await upload(t, auth, 'cover', pngBytes(), 'cover.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadedFile).content_type).toBe('image/png');
  });

  it('accepts a one-page PDF cover and counts it', async () => {
    const res = await upload(t, auth, 'cover', await makePdf(1), 'cover.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ content_type: 'application/pdf', page_count: 1 });
  });

  it('refuses a GIF or text', async () => {
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'cover', gifBytes(), 'cover.gif', 'image/gif'),
      400,
      m.coverType,
    );
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'cover', Buffer.from('hello'), 'cover.png', 'image/png'),
      400,
      m.coverType,
    );
  });

  it('refuses a corrupt PDF cover', async () => {
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'cover', corruptPdf(), 'cover.pdf'),
      400,
      m.invalidPdf,
    );
  });
});

describe('file facts from the bytes: hostile files', () => {
  it('refuses 400 pages that declare /Count 40 (priced as 40 pages before), and keeps nothing', async () => {
    const res = await expectRefusedWithoutTrace(
      async () => upload(t, auth, 'interior', await pdfDeclaring(400, 40)),
      400,
      m.pdfCountDisagrees(40, 400),
    );
    expect(json(res, ErrorBody)).toMatchObject({
      code: 'PAGE_COUNT_MISMATCH',
      fields: [{ path: 'body.file', message: m.pdfCountDisagrees(40, 400) }],
    });
  });

  it('refuses 40 pages that declare /Count 400', async () => {
    await expectRefusedWithoutTrace(
      async () => upload(t, auth, 'interior', await pdfDeclaring(40, 400)),
      400,
      m.pdfCountDisagrees(400, 40),
    );
  });

  it('refuses a page tree with a cycle as an unreadable PDF', async () => {
    await expectRefusedWithoutTrace(
      async () => upload(t, auth, 'interior', await pdfWithCyclicKids()),
      400,
      m.invalidPdf,
    );
  });

  it('accepts a PDF with a broken cross-reference table at its real page count', async () => {
    const res = await upload(t, auth, 'interior', await pdfWithBrokenXref(30));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadedFile).page_count).toBe(30);
  });

  it('decodes a cover image: its width and height are answered and stored', async () => {
    const res = await upload(t, auth, 'cover', pngBytes(300, 450), 'cover.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadedFile)).toMatchObject({ width_px: 300, height_px: 450, page_count: null });
    const row = await t.db
      .selectFrom('uploads')
      .select(['width_px', 'height_px'])
      .where('id', '=', json(res, UploadedFile).id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ width_px: 300, height_px: 450 });
    const jpeg = await upload(t, auth, 'cover', jpegBytes(640, 960), 'cover.jpg', 'image/jpeg');
    expect(jpeg.data).toMatchObject({ content_type: 'image/jpeg', width_px: 640, height_px: 960 });
  });

  it.each([
    ['a JPEG magic number followed by garbage', garbageJpeg()],
    ['a PNG signature followed by garbage', garbagePng()],
    ['a JPEG cut off half-way', jpegBytes(200, 200).subarray(0, 1500)],
    ['a PNG whose data is shorter than its header says', pngBytes(64, 48, { declaredHeight: 60 })],
  ])('refuses %s as a cover', async (_what, bytes) => {
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'cover', bytes, 'cover.jpg', 'image/jpeg'),
      400,
      m.coverUnreadable,
    );
  });

  it('refuses a cover claiming 20,000 × 20,000 pixels', async () => {
    await expectRefusedWithoutTrace(
      () => upload(t, auth, 'cover', hugePngHeader(20_000, 20_000), 'cover.png', 'image/png'),
      400,
      m.coverTooLarge,
    );
  });
});

describe('size limit', () => {
  it('refuses 51 MB with 413 and keeps nothing (streamed body, bounded memory)', async () => {
    const rss = process.memoryUsage().rss;
    const body = streamedUpload('interior', 51 * 1024 * 1024);
    const res = await expectRefusedWithoutTrace(() => postUpload(body), 413, m.fileTooLarge);
    expect(json(res, ErrorBody).fields?.[0]?.path).toBe('body.file');
    // The file was streamed to disk and cut at the limit, never buffered whole.
    expect(process.memoryUsage().rss - rss).toBeLessThan(40 * 1024 * 1024);
  });
});

describe('request shape', () => {
  it('needs a bearer token', async () => {
    const res = await upload(t, undefined, 'interior', await makePdf(2));
    expect(res.statusCode).toBe(401);
  });

  it('needs multipart', async () => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/book/uploads/',
      headers: auth,
      payload: { purpose: 'interior' },
    });
    expect(res.statusCode).toBe(415);
    expect(json(res, ErrorBody).error).toBe(uploadTexts.notMultipart);
  });

  it('needs a purpose of interior or cover, in any order with the file', async () => {
    const pdf = await makePdf(2);
    await expectRefusedWithoutTrace(() => upload(t, auth, 'back-cover', pdf), 400, uploadTexts.purpose);
    const noPurpose = multipartBody({}, [{ name: 'a.pdf', data: pdf }]);
    await expectRefusedWithoutTrace(() => postUpload(noPurpose), 400, uploadTexts.purpose);
    // File first, purpose after it: still fine.
    const fileFirst = multipartBody({}, [{ name: 'a.pdf', data: pdf }]);
    const purposeAfter = Buffer.concat([
      fileFirst.payload.subarray(
        0,
        fileFirst.payload.lastIndexOf(
          `--${defined(fileFirst.headers['content-type'].split('boundary=')[1], 'a boundary')}--`,
        ),
      ),
      multipartBody({ purpose: 'interior' }).payload,
    ]);
    const res = await postUpload(fileFirst, purposeAfter);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('needs the file', async () => {
    const body = multipartBody({ purpose: 'interior' });
    await expectRefusedWithoutTrace(() => postUpload(body), 400, m.uploadPdf);
  });

  it('takes one file and no other field', async () => {
    const pdf = await makePdf(2);
    const two = multipartBody({ purpose: 'interior' }, [
      { name: 'a.pdf', data: pdf },
      { name: 'b.pdf', data: pdf },
    ]);
    await expectRefusedWithoutTrace(() => postUpload(two), 400, uploadTexts.oneFile);
    const extra = multipartBody({ purpose: 'interior', price: '0.01' }, [{ name: 'a.pdf', data: pdf }]);
    await expectRefusedWithoutTrace(() => postUpload(extra), 400, uploadTexts.unknownField('price'));
    const otherName = multipartBody({ purpose: 'interior' }, [
      { field: 'pdf_file', name: 'a.pdf', data: pdf },
    ]);
    await expectRefusedWithoutTrace(() => postUpload(otherName), 400, uploadTexts.unknownField('pdf_file'));
  });

  it('answers 400 for a body cut off mid-part, not 500', async () => {
    const body = multipartBody({ purpose: 'interior' }, [{ name: 'a.pdf', data: await makePdf(2) }]);
    await expectRefusedWithoutTrace(
      () => postUpload(body, body.payload.subarray(0, body.payload.length - 60)),
      400,
      uploadTexts.malformed,
    );
  });

  it('keeps only the last path segment of the client’s file name, without control characters', async () => {
    const res = await upload(t, auth, 'interior', await makePdf(2), '..\\..\\etc/pass\twd.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res, UploadedFile).file_name).toBe('passwd.pdf');
  });
});

describe('pending uploads', () => {
  it(`allows ${MAX_PENDING_UPLOADS} unattached uploads per account at a time (429 after that)`, async () => {
    const other = await createUser(t);
    for (let i = 0; i < MAX_PENDING_UPLOADS; i += 1) {
      await t.db
        .insertInto('uploads')
        .values({
          id: crypto.randomUUID(),
          user_id: other.user.id,
          purpose: 'interior',
          file_name: 'x.pdf',
          content_type: 'application/pdf',
          size_bytes: 10,
          page_count: 2,
          storage_key: `${crypto.randomUUID()}.pdf`,
        })
        .execute();
    }
    const res = await upload(t, other.auth, 'interior', await makePdf(2));
    expect(res.statusCode).toBe(429);
    expect(json(res, ErrorBody).error).toBe(uploadTexts.tooManyPending);
    // Expired ones do not count.
    await t.db
      .updateTable('uploads')
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where('user_id', '=', other.user.id)
      .execute();
    expect((await upload(t, other.auth, 'interior', await makePdf(2))).statusCode).toBe(201);
  });

  it('the sweep removes expired unattached uploads (row and file) and stale staged files, nothing else', async () => {
    const owner = await createUser(t);
    const expired = await uploadPdf(t, owner.auth, 2);
    const fresh = await uploadPdf(t, owner.auth, 2);
    const project = await createPrintBook(t, owner.auth);
    const keyOf = async (id: string) =>
      (await t.db.selectFrom('uploads').select('storage_key').where('id', '=', id).executeTakeFirst())
        ?.storage_key;
    const expiredKey = defined(await keyOf(expired.id), 'the expired upload’s storage key');
    // Age the expired upload and the project's (attached) upload past 24 h.
    await t.db
      .updateTable('uploads')
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where('user_id', '=', owner.user.id)
      .where('id', '<>', fresh.id)
      .execute();
    const staleStaged = join(uploadsDir(), '.incoming', 'crashed.part');
    await writeFile(staleStaged, 'half an upload');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(staleStaged, twoHoursAgo, twoHoursAgo);

    const swept = await sweepExpiredUploads(t.app);
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await sweepStaging(t.app.fileStore)).toEqual({ staged: 1 });
    expect(await keyOf(expired.id)).toBeUndefined();
    const files = await filesUnder(uploadsDir());
    expect(files).not.toContain(expiredKey);
    expect(files).not.toContain('.incoming/crashed.part');
    expect(await keyOf(fresh.id)).toBeDefined();
    // The project's file stays: it is attached.
    const file = await request(t, { method: 'GET', url: project.pdf_file.url, headers: owner.auth });
    expect(file.statusCode).toBe(200);
  });
});

describe('GET api/book/uploads/{id}/facts/ (restoring a design draft, docs/decisions/0038)', () => {
  const get = (id: string, headers?: Auth) =>
    request(t, { method: 'GET', url: `/api/book/uploads/${id}/facts/`, headers: { ...headers } });

  it("answers the owner's pending upload with the server's facts, and nobody else's", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const pdf = await uploadPdf(t, owner.auth, 12);
    const res = await get(pdf.id, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, UploadedFile)).toEqual(pdf);
    // Another customer's id is not found, exactly like an id that never existed.
    const theirs = await get(pdf.id, stranger.auth);
    const unknown = await get(crypto.randomUUID(), stranger.auth);
    expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(theirs.data).toEqual(unknown.data);
    expect(json(theirs, ErrorBody).error).toBe(m.uploadNotFound);
    expect((await get(pdf.id)).statusCode).toBe(401);
    expect((await get('not-a-uuid', owner.auth)).statusCode).toBe(400);
  });

  it('forgets an expired pending upload, keeps a project’s file while the project lives', async () => {
    const owner = await createUser(t);
    const pending = await uploadPdf(t, owner.auth, 2);
    const project = await createPrintBook(t, owner.auth);
    const detail = await request(t, { method: 'GET', url: `/api/book/${project.id}/`, headers: owner.auth });
    const attachedId = (detail.data as { pdf_upload_id: string }).pdf_upload_id;
    await t.db
      .updateTable('uploads')
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where('user_id', '=', owner.user.id)
      .execute();
    expect((await get(pending.id, owner.auth)).statusCode).toBe(404);
    // Attached: its age does not matter, an edit of the project may keep it.
    const attached = await get(attachedId, owner.auth);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(json(attached, UploadedFile)).toMatchObject({ purpose: 'interior', page_count: 40 });
    const removed = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(attachedId, owner.auth)).statusCode).toBe(404);
  });
});
