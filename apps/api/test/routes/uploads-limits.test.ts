/**
 * Uploads under faults: a client that stalls mid-upload is cut off and leaves no .part file; a
 * hostile PDF ends its inspection worker (out of time here) with a 400 while the API keeps answering; what a crashed
 * process left in staging is swept when the next one starts. Limits are set low through the environment.
 */
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { buildApp } from '#app.js';
import { createUser, setupTestApp, until } from '../helper.js';
import { filesUnder, makePdf, pdfObjectFlood } from '../pdf-fixtures.js';
import { halfSentUpload, upload, type Auth } from '../projects.js';

const t = setupTestApp({
  // 3 s: the hostile flood below needs well over 10 s; a warm worker reads a small PDF in milliseconds.
  env: { UPLOAD_IDLE_TIMEOUT_SECONDS: '1', UPLOAD_INSPECT_TIMEOUT_SECONDS: '3', UPLOAD_INSPECT_WORKERS: '1' },
});
const m = messages.projects;
let auth: Auth;
const uploadsDir = () => join(t.dataDir, 'uploads');

beforeAll(async () => {
  auth = (await createUser(t)).auth;
});

describe('a stalled upload', () => {
  it('is cut off after UPLOAD_IDLE_TIMEOUT without a byte, and its staged file is removed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    // Half the body, then nothing; it reads the server's 408.
    const socket = await halfSentUpload(port, auth, 200);
    let closed = false;
    socket.on('close', () => (closed = true));
    await until(async () => (await filesUnder(uploadsDir())).some((f) => f.endsWith('.part')));
    await until(async () => closed && (await filesUnder(uploadsDir())).length === 0);
    socket.destroy();
  });
});

describe('a hostile PDF', () => {
  it('ends its worker out of time with a 400 (nothing kept), while the API keeps answering', async () => {
    const flood = await pdfObjectFlood(300_000);
    // A warm worker first, so the limit is spent on the flood and not on loading PDF.js.
    expect((await upload(t, auth, 'interior', await makePdf(2))).statusCode).toBe(201);
    const kept = await filesUnder(uploadsDir());
    let settled = false;
    const pending = upload(t, auth, 'interior', flood).finally(() => (settled = true));
    await until(() => t.app.fileInspector.stats().busy === 1);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(settled).toBe(false);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.data).error).toBe(m.invalidPdf);
    // Nothing of the refused file is kept (the warm-up upload's file stays).
    expect(await filesUnder(uploadsDir())).toEqual(kept);
    // The pool carries on with a fresh worker.
    const next = await upload(t, auth, 'interior', await makePdf(4));
    expect(next.statusCode, next.body).toBe(201);
    // What it waits on: the time limit, then a fresh worker's start-up (seconds on a loaded 2-core machine).
  }, 60_000);
});

describe('staging left by a crash', () => {
  it('is swept when the next process starts: stale .part files go, one still being written stays', async () => {
    const dataDir = join(t.dataDir, 'restarted');
    const staging = join(dataDir, 'uploads', '.incoming');
    await mkdir(staging, { recursive: true });
    await writeFile(join(staging, 'crashed.part'), 'half an upload');
    const anHourAgo = new Date(Date.now() - 3600_000);
    await utimes(join(staging, 'crashed.part'), anHourAgo, anHourAgo);
    await writeFile(join(staging, 'arriving.part'), 'another instance is receiving this');

    const app = await buildApp({ config: { ...t.config, dataDir }, db: t.db });
    try {
      await app.ready();
      expect(await readdir(staging)).toEqual(['arriving.part']);
    } finally {
      await app.close();
    }
  });
});
