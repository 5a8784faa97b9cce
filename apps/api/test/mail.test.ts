/**
 * The two mail adapters through sign-up:
 * - without SMTP_URL (the embedded default) each message is an .eml file in DATA_DIR/outbox/ whose link works;
 * - with an SMTP server that cannot be reached, sign-up says so (503) and leaves no half-made account, while a
 *   reset request still answers as always (its mail goes out in the background; failures are only logged).
 */
import { createServer } from 'node:net';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '@bindery/mail-test';
import { messages } from '@bindery/contracts/messages';
import { GOOD_PASSWORD, linkParts, login, post, uniqueEmail, verify } from './accounts.js';
import { createUser, defined, setupTestApp } from './helper.js';

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const outbox = setupTestApp({ env: { PUBLIC_WEB_URL: 'http://web.test:5173' } });
const unreachable = setupTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });

describe('outbox adapter (no SMTP_URL)', () => {
  it('writes the verification mail as an .eml file whose link verifies the account', async () => {
    const email = uniqueEmail();
    expect(
      (await post(outbox, '/api/users/register/', { name: 'Eml Reader', email, password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(201);
    const dir = join(outbox.dataDir, 'outbox');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = join(dir, defined(files[0], 'the .eml file'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const raw = await readFile(file, 'utf8');
    expect(raw).toMatch(/^From: Bindery <no-reply@bindery\.local>\r$/m);
    expect(raw).toContain(`To: ${email}`);
    const message = parseMessage(raw);
    expect(message.subject).toBe('Verify your email address');
    const link = defined(message.links[0], 'a link in the mail');
    expect(link.startsWith('http://web.test:5173/verify-email/')).toBe(true);
    const { uidb64, token } = linkParts(link, 'verify-email');
    expect((await verify(outbox, uidb64, token)).statusCode).toBe(200);
    expect((await login(outbox, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('unreachable SMTP server', () => {
  it('refuses the sign-up with 503 and keeps no account, so the person can simply retry', async () => {
    const email = uniqueEmail();
    const res = await post(unreachable, '/api/users/register/', {
      name: 'No Mail',
      email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(503);
    expect(res.data).toEqual({
      error: messages.auth.verificationMailFailed,
      code: 'MAIL_UNAVAILABLE',
      statusCode: 503,
    });
    expect(
      await unreachable.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers a taken address the same way (503, nothing changed), so an outage does not tell accounts apart', async () => {
    const { user } = await createUser(unreachable);
    const res = await post(unreachable, '/api/users/register/', {
      name: 'No Mail',
      email: user.email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(503);
    expect(res.data).toEqual({
      error: messages.auth.verificationMailFailed,
      code: 'MAIL_UNAVAILABLE',
      statusCode: 503,
    });
    const rows = await unreachable.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', user.email)
      .execute();
    expect(rows).toEqual([{ id: user.id, name: user.name }]);
  });

  it('still answers a reset request as usual', async () => {
    const { user } = await createUser(unreachable);
    const res = await post(unreachable, '/api/users/request-reset-password/', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: messages.auth.resetRequested });
  });
});
