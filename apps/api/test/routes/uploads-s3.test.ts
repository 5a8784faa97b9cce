/**
 * The upload routes with S3_* set: the same API, its files in an S3-compatible bucket (a local s3rver
 * the test starts, reached through the official AWS SDK). A checked upload lands in the bucket and nowhere on the
 * local disk but its (emptied) staging area; the owner downloads it through the authorized route, byte for byte;
 * another customer gets 404; a refused upload leaves nothing in the bucket; deleting the project removes the object.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { createS3Client } from '#plugins/app/projects/s3-file-store.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { filesUnder, makePdf, pdfDeclaring } from '../pdf-fixtures.js';
import { printBookConfiguration, upload, uploadBook } from '../projects.js';
import { startLocalS3, type LocalS3 } from '../s3-server.js';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
const t = setupTestApp({ env: () => s3.env });
// Unset when beforeAll failed before the server started.
afterAll(async () => (s3 as LocalS3 | undefined)?.stop());

async function bucketKeys(): Promise<string[]> {
  const client = createS3Client(defined(t.config.files.s3, 'the S3 settings'));
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
  } finally {
    client.destroy();
  }
}

describe('uploads in an S3-compatible store', () => {
  it('runs on S3 when S3_BUCKET is set', () => {
    expect(t.app.fileStore.kind).toBe('s3');
  });

  it('stores a checked upload in the bucket, serves it to its owner only, removes it with the project', async () => {
    const owner = await createUser(t);
    const bytes = await makePdf(48);
    const before = await bucketKeys();
    const uploaded = await upload(t, owner.auth, 'interior', bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const created = await uploadBook(t, owner.auth, {
      title: 'On S3',
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: json(uploaded, UploadedFile).id,
      configuration: await printBookConfiguration(t),
      quantity: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { project } = json(created, UploadBookResponse);
    const added = (await bucketKeys()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    // Nothing on the local disk but the (empty) staging area.
    expect(await filesUnder(join(t.dataDir, 'uploads'))).toEqual([]);
    expect(await readdir(join(t.dataDir, 'uploads'))).toEqual(['.incoming']);

    const file = await request(t, { method: 'GET', url: project.pdf_file.url, headers: owner.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Number(file.headers['content-length'])).toBe(bytes.length);
    expect(file.rawPayload.equals(bytes)).toBe(true);

    const stranger = await createUser(t);
    const denied = await request(t, { method: 'GET', url: project.pdf_file.url, headers: stranger.auth });
    expect(denied.statusCode).toBe(404);

    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: owner.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucketKeys()).toEqual(before);
  });

  it('keeps nothing in the bucket for a refused upload', async () => {
    const { auth } = await createUser(t);
    const before = await bucketKeys();
    const res = await upload(t, auth, 'interior', await pdfDeclaring(30, 3));
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).error).toBe(messages.projects.pdfCountDisagrees(3, 30));
    expect(await bucketKeys()).toEqual(before);
    expect(await filesUnder(join(t.dataDir, 'uploads'))).toEqual([]);
  });
});
