/**
 * The per-account file caps hold under parallel requests (docs/decisions/0054): each request reserves its slot under
 * the customer's row lock before its bytes are read, so of N parallel uploads exactly the cap's number are kept and
 * the rest are refused with the cap's words; the draft storage quota counts pending uploads and the files of draft
 * projects (attaching an upload to a draft no longer frees room), refuses with how to free space, and deleting a
 * draft gives the room back. An upload that fails after its reservation (the quota refusing the arrived size,
 * inspection refusing the file, the client's socket closing mid-body) gives it back; a reservation past its expiry
 * no longer counts and the sweep removes it. The quota is set low (1 MB) through the environment.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { MAX_PENDING_CERTIFICATES } from '@bindery/contracts/store/resale-certificates';
import {
  MAX_PENDING_UPLOADS,
  sweepExpiredUploads,
  uploadTexts,
} from '#plugins/app/projects/uploads.service.js';
import { createUser, defined, json, request, setupTestApp, until } from '../helper.js';
import { makePdf } from '../pdf-fixtures.js';
import {
  halfSentUpload,
  printBookConfiguration,
  upload,
  uploadBook,
  uploadCertificate,
  type Auth,
} from '../projects.js';

const t = setupTestApp({ env: { UPLOAD_DRAFT_QUOTA_MB: '1' } });

/** A valid 40-page PDF of about `kb` KB: incompressible bytes attached to it. */
async function pdfOfSize(kb: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(40));
  await doc.attach(randomBytes(kb * 1024), 'padding.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

/** The customer's reservation rows (live or not). */
const reservationsOf = (userId: number) =>
  t.db.selectFrom('upload_reservations').select(['id', 'kind']).where('user_id', '=', userId).execute();

let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** An upload whose client sent half its body and waits: once the server holds its reservation (ADR 0054). */
async function reservedHalfUpload(auth: Auth, userId: number): Promise<Socket> {
  const socket = await halfSentUpload(port, auth, 40);
  await until(async () => (await reservationsOf(userId)).length === 1);
  return socket;
}

describe('parallel uploads on a new account', () => {
  it(`keep exactly ${MAX_PENDING_UPLOADS} of 30 pending; the others are refused with the cap's words`, async () => {
    const customer = await createUser(t);
    const pdf = await makePdf(2, { blank: true });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => upload(t, customer.auth, 'interior', pdf)),
    );
    expect(statuses(responses)).toEqual([
      ...Array<number>(MAX_PENDING_UPLOADS).fill(201),
      ...Array<number>(30 - MAX_PENDING_UPLOADS).fill(429),
    ]);
    for (const res of responses.filter((r) => r.statusCode === 429))
      expect(json(res, ErrorBody).error).toBe(uploadTexts.tooManyPending);
    const kept = await t.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', customer.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(MAX_PENDING_UPLOADS);
    // Every reservation was replaced by its upload or given back.
    const reserved = await t.db
      .selectFrom('upload_reservations')
      .select('id')
      .where('user_id', '=', customer.user.id)
      .execute();
    expect(reserved).toEqual([]);
  });
});

describe('parallel resale certificates on a new account', () => {
  it(`keep exactly ${MAX_PENDING_CERTIFICATES} of 15 awaiting review`, async () => {
    const customer = await createUser(t);
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => uploadCertificate(t, customer.auth)),
    );
    expect(statuses(responses)).toEqual([
      ...Array<number>(MAX_PENDING_CERTIFICATES).fill(201),
      ...Array<number>(15 - MAX_PENDING_CERTIFICATES).fill(429),
    ]);
    for (const res of responses.filter((r) => r.statusCode === 429))
      expect(json(res, ErrorBody).error).toBe(messages.certificates.tooManyPending);
  });
});

describe('the draft storage quota (UPLOAD_DRAFT_QUOTA_MB, 1 MB here)', () => {
  it('counts drafts too, says how to free space, and deleting a draft frees it', async () => {
    const customer = await createUser(t);
    const file = await pdfOfSize(400);
    const first = await upload(t, customer.auth, 'interior', file);
    expect(first.statusCode, first.body).toBe(201);
    expect((await upload(t, customer.auth, 'interior', file)).statusCode).toBe(201);
    const over = await upload(t, customer.auth, 'interior', file);
    expect(over.statusCode).toBe(413);
    const refusal = json(over, ErrorBody);
    expect(refusal.code).toBe('DRAFT_QUOTA_EXCEEDED');
    expect(refusal.error).toMatch(/of the 1 MB you may keep/);
    expect(refusal.error).toMatch(/Delete drafts you no longer need/);

    // Attached to a draft, the file still counts.
    const draft = await uploadBook(t, customer.auth, {
      title: 'Draft',
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: json(first, UploadedFile).id,
      configuration: await printBookConfiguration(t),
      quantity: 1,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await upload(t, customer.auth, 'interior', file)).statusCode).toBe(413);

    // Deleting the draft gives its room back.
    const { project } = json(draft, UploadBookResponse);
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: customer.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const again = await upload(t, customer.auth, 'interior', file);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('holds under parallel uploads: of 5 files of 400 KB, exactly 2 are kept', async () => {
    const customer = await createUser(t);
    const file = await pdfOfSize(400);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => upload(t, customer.auth, 'interior', file)),
    );
    expect(statuses(responses)).toEqual([201, 201, 413, 413, 413]);
  });
});

describe('an upload that fails gives its reservation back (docs/decisions/0054)', () => {
  it('refused by the quota once its bytes arrived, refused by inspection, or cut short: the cap is whole again', async () => {
    const customer = await createUser(t);
    const mine = () => reservationsOf(customer.user.id);

    // Bigger than the whole 1 MB quota: reserved (nothing held yet), refused when its size is claimed.
    const tooBig = await upload(t, customer.auth, 'interior', await pdfOfSize(1100));
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(json(tooBig, ErrorBody).code).toBe('DRAFT_QUOTA_EXCEEDED');
    expect(await mine()).toEqual([]);

    // Not a PDF: refused by inspection, after the bytes arrived.
    const notPdf = await upload(t, customer.auth, 'interior', Buffer.from('plain text, not a PDF'));
    expect(notPdf.statusCode, notPdf.body).toBe(400);
    expect(json(notPdf, ErrorBody).error).toBe(messages.projects.onlyPdf);
    expect(await mine()).toEqual([]);

    // The client goes away mid-body: the socket closes with the multipart body half sent.
    const socket = await reservedHalfUpload(customer.auth, customer.user.id);
    socket.destroy();
    await until(async () => (await mine()).length === 0);

    // Nothing of the three is held: the whole cap is there, and not one more.
    const pdf = await makePdf(2, { blank: true });
    const responses = await Promise.all(
      Array.from({ length: MAX_PENDING_UPLOADS }, () => upload(t, customer.auth, 'interior', pdf)),
    );
    expect(statuses(responses)).toEqual(Array<number>(MAX_PENDING_UPLOADS).fill(201));
    expect((await upload(t, customer.auth, 'interior', pdf)).statusCode).toBe(429);
    expect(await mine()).toEqual([]);
  });
});

describe('a reservation left past its expiry (a process that died mid-upload)', () => {
  it('no longer counts, and the sweep removes it and says so; live ones stay', async () => {
    const customer = await createUser(t);
    const aged = await reservedHalfUpload(customer.auth, customer.user.id);
    const [reservation] = await reservationsOf(customer.user.id);
    await t.db
      .updateTable('upload_reservations')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', defined(reservation, 'the reservation').id)
      .execute();
    // A live reservation of another customer's upload in progress.
    const other = await createUser(t);
    const live = await reservedHalfUpload(other.auth, other.user.id);

    // Expired, it no longer holds a place under the cap.
    const pdf = await makePdf(2, { blank: true });
    const responses = await Promise.all(
      Array.from({ length: MAX_PENDING_UPLOADS }, () => upload(t, customer.auth, 'interior', pdf)),
    );
    expect(statuses(responses)).toEqual(Array<number>(MAX_PENDING_UPLOADS).fill(201));

    expect(await sweepExpiredUploads({ db: t.db, fileStore: t.app.fileStore })).toEqual({
      uploads: 0,
      reservations: 1,
    });
    expect(await reservationsOf(customer.user.id)).toEqual([]);
    expect(await reservationsOf(other.user.id)).toHaveLength(1);

    // The periodic job runs the same sweep: aged again, the live one goes too.
    await t.db
      .updateTable('upload_reservations')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('user_id', '=', other.user.id)
      .execute();
    expect(await t.app.jobs.trigger('uploads.sweep-expired')).toContain('uploads.sweep-expired');
    expect(await reservationsOf(other.user.id)).toEqual([]);
    aged.destroy();
    live.destroy();
  });
});
