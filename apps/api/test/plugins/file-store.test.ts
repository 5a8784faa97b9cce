/**
 * One contract, two stores: the local disk (the embedded default) and an S3-compatible object store
 * (the official AWS SDK against a local s3rver the test starts) behave the same through the FileStore interface:
 * put moves a staged file in, open streams it back byte for byte with its size, a missing key is undefined, remove
 * is idempotent, keys that could escape are refused, stale staging is swept and fresh staging kept.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#env.js';
import type { FileStore } from '#plugins/app/projects/file-store.js';
import { createLocalFileStore } from '#plugins/app/projects/local-file-store.js';
import { createS3FileStore } from '#plugins/app/projects/s3-file-store.js';
import { defined } from '../helper.js';
import { startLocalS3, type LocalS3 } from '../s3-server.js';

let s3: LocalS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  // Unset when beforeAll failed before the server started.
  await (s3 as LocalS3 | undefined)?.stop();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function uploadsRoot() {
  const dir = await mkdtemp(join(tmpdir(), 'bindery-store-'));
  dirs.push(dir);
  return join(dir, 'uploads');
}

const stores: [string, () => Promise<FileStore>][] = [
  ['local disk', async () => createLocalFileStore(await uploadsRoot())],
  [
    'S3 (s3rver)',
    async () => {
      const config = defined(parseEnv({ JWT_SECRET: 'x'.repeat(32), ...s3.env }).files.s3, 'the S3 settings');
      return createS3FileStore(config, await uploadsRoot());
    },
  ],
];

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe.each(stores)('FileStore contract: %s', (_name, make) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(async () => (store as FileStore | undefined)?.close());

  it('stages into a private directory, moves the file in, and streams it back byte for byte', async () => {
    const staged = await store.stagingPath();
    expect((await stat(join(staged, '..'))).mode & 0o777).toBe(0o700);
    const bytes = randomBytes(300 * 1024);
    await writeFile(staged, bytes, { mode: 0o600 });
    await store.put('0c6b-first.pdf', staged);
    expect(await exists(staged)).toBe(false);
    const opened = await store.open('0c6b-first.pdf');
    expect(opened?.size).toBe(bytes.length);
    expect((await readAll(defined(opened, 'the stored file').stream)).equals(bytes)).toBe(true);
  });

  it('stores a 20 MB file streamed (multipart on S3) intact', async () => {
    const staged = await store.stagingPath();
    const chunk = randomBytes(1024 * 1024);
    async function* twenty() {
      for (let i = 0; i < 20; i += 1) yield Buffer.concat([Buffer.from([i]), chunk.subarray(1)]);
    }
    await pipeline(twenty(), createWriteStream(staged, { mode: 0o600 }));
    await store.put('big-file.pdf', staged);
    const opened = await store.open('big-file.pdf');
    expect(opened?.size).toBe(20 * 1024 * 1024);
    const back = await readAll(defined(opened, 'the stored file').stream);
    for (let i = 0; i < 20; i += 1) expect(back[i * 1024 * 1024]).toBe(i);
    expect(back.subarray(1, 1024 * 1024).equals(chunk.subarray(1))).toBe(true);
  });

  it('answers undefined for a missing key; remove is idempotent', async () => {
    expect(await store.open('never-stored.pdf')).toBeUndefined();
    const staged = await store.stagingPath();
    await writeFile(staged, 'x');
    await store.put('to-remove.png', staged);
    await store.remove('to-remove.png');
    await store.remove('to-remove.png');
    expect(await store.open('to-remove.png')).toBeUndefined();
  });

  it('refuses keys that are not the server’s own (no path can escape)', async () => {
    for (const key of ['../etc/passwd', 'a/b.pdf', '.hidden', 'UPPER.pdf', ''])
      await expect(store.open(key)).rejects.toThrow(/Invalid storage key/);
  });

  it('sweeps staged files nothing wrote to for a while, keeps fresh ones', async () => {
    const stale = await store.stagingPath();
    const fresh = await store.stagingPath();
    await writeFile(stale, 'crashed');
    await writeFile(fresh, 'arriving');
    const old = new Date(Date.now() - 3600_000);
    await utimes(stale, old, old);
    expect(await store.removeStaleStaging(15 * 60_000)).toBe(1);
    expect(await exists(stale)).toBe(false);
    expect(await exists(fresh)).toBe(true);
  });
});
