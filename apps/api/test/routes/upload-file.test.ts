/**
 * GET api/book/uploads/{id}/file/ (the design page's preview, docs/decisions/0073): the bytes of the caller's own
 * usable upload with the type the server sniffed; another customer's upload is the same 404 as an unknown id.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { UploadedFile, UPLOAD_MAX_BYTES } from '@bindery/contracts/store/projects';
import { createUser, json, request, setupTestApp } from '../helper.js';
import { makePdf, pngBytes } from '../pdf-fixtures.js';
import { upload, type Auth } from '../projects.js';

const t = setupTestApp();
const m = messages.projects;

const get = (id: string, headers?: Auth) =>
  request(t, { method: 'GET', url: `/api/book/uploads/${id}/file/`, headers: { ...headers } });

describe('GET api/book/uploads/{id}/file/', () => {
  it("sends the owner's PDF as it was uploaded, inline and uncached, and nobody else's", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const bytes = await makePdf(3);
    const uploaded = json(await upload(t, owner.auth, 'interior', bytes, 'my book.pdf'), UploadedFile);

    const res = await get(uploaded.id, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="my book.pdf"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Number(res.headers['content-length'])).toBeLessThanOrEqual(UPLOAD_MAX_BYTES);
    expect(res.rawPayload.equals(bytes)).toBe(true);

    const theirs = await get(uploaded.id, stranger.auth);
    const unknown = await get(crypto.randomUUID(), stranger.auth);
    expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(theirs.data).toEqual(unknown.data);
    expect(json(theirs, ErrorBody).error).toBe(m.uploadNotFound);
    expect((await get(uploaded.id)).statusCode).toBe(401);
    expect((await get('not-a-uuid', owner.auth)).statusCode).toBe(400);
  });

  it('sends an image cover with its own type, and forgets an expired pending upload', async () => {
    const owner = await createUser(t);
    const png = pngBytes();
    const cover = json(await upload(t, owner.auth, 'cover', png, 'cover.png', 'image/png'), UploadedFile);
    const res = await get(cover.id, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);

    await t.db
      .updateTable('uploads')
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where('id', '=', cover.id)
      .execute();
    expect((await get(cover.id, owner.auth)).statusCode).toBe(404);
  });
});
