/**
 * What the API keeps on disk is its owner's alone: DATA_DIR, the uploads and their staging area, the
 * mail outbox are 0700 directories holding 0600 files — also when an older version left DATA_DIR 0755.
 * (The embedded database and the generated secrets: test/embedded.test.ts.)
 */
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '#app.js';
import { setupTestApp, createUser, defined } from './helper.js';
import { makePdf } from './pdf-fixtures.js';
import { upload } from './projects.js';

const t = setupTestApp();
const mode = async (path: string) => (await stat(path)).mode & 0o777;

it('DATA_DIR, uploads, staging and the outbox are 0700; stored files and mail 0600', async () => {
  const dataDir = join(t.dataDir, 'data');
  await mkdir(dataDir, { mode: 0o755 });
  await chmod(dataDir, 0o755);
  const app = await buildApp({ config: { ...t.config, dataDir }, db: t.db });
  try {
    await app.ready();
    expect(await mode(dataDir)).toBe(0o700);

    const ctx = { ...t, app, dataDir };
    const { auth } = await createUser(ctx);
    const res = await upload(ctx, auth, 'interior', await makePdf(2));
    expect(res.statusCode, res.body).toBe(201);
    const uploads = join(dataDir, 'uploads');
    expect(await mode(uploads)).toBe(0o700);
    expect(await mode(join(uploads, '.incoming'))).toBe(0o700);
    const stored = (await readdir(uploads)).filter((name) => name.endsWith('.pdf'));
    expect(stored).toHaveLength(1);
    expect(await mode(join(uploads, defined(stored[0], 'the stored PDF')))).toBe(0o600);

    const sent = await app.mailer.send({
      to: 'someone@example.test',
      subject: 'Hi',
      text: 'link',
      html: '<p>link</p>',
    });
    const outbox = join(dataDir, 'outbox');
    expect(await mode(outbox)).toBe(0o700);
    expect(await mode(defined(sent.file, 'the outbox file'))).toBe(0o600);
  } finally {
    await app.close();
  }
});
