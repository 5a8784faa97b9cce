/**
 * The two mail adapters through sign-up:
 * - without SMTP_URL (the embedded default) each message is an .eml file in DATA_DIR/outbox/ whose link works;
 * - with an SMTP server that cannot be reached, sign-up and a reset request answer as always: their mails wait
 *   in the outbox (ADR 0068) and leave once the server is back.
 */
import { createServer } from 'node:net';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage, startMailCatcher } from '@bindery/mail-test';
import { messages } from '@bindery/contracts/messages';
import { GOOD_PASSWORD, linkParts, login, post, uniqueEmail, verify } from './accounts.js';
import { manualClock } from '#lib/clock.js';
import { OUTBOX_INTERVAL_MS } from '#plugins/app/mail/mail-outbox.plugin.js';
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
const smtpPort = await closedPort();
const clock = manualClock();
const unreachable = setupTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, clock });

describe('outbox adapter (no SMTP_URL)', () => {
  it('writes the verification mail as an .eml file whose link verifies the account', async () => {
    const email = uniqueEmail();
    expect(
      (await post(outbox, '/api/users/register/', { name: 'Eml Reader', email, password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(201);
    // The mail leaves after the commit, in the background: wait for that delivery, not for time.
    await outbox.app.mailOutbox.drain();
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

describe('unreachable SMTP server (every mail through the outbox, ADR 0068)', () => {
  /** The outbox rows to an address, once the deliveries in flight are done. */
  async function outboxTo(address: string) {
    await unreachable.app.mailOutbox.drain();
    return unreachable.db
      .selectFrom('mail_outbox')
      .select(['kind', 'status', 'attempts', 'last_error', 'link'])
      .where('to_address', '=', address)
      .execute();
  }

  it('signs up at once; the verification mail waits in the outbox and leaves when the server is back', async () => {
    const email = uniqueEmail();
    const res = await post(unreachable, '/api/users/register/', {
      name: 'No Mail Yet',
      email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ message: messages.auth.registered });
    expect(
      await unreachable.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeDefined();
    const [waiting] = await outboxTo(email);
    expect(waiting).toMatchObject({ kind: 'verify_email', status: 'pending', attempts: 1 });
    expect(defined(waiting, 'the outbox row').last_error).toBeTruthy();

    // The mail server comes back on its address; the periodic run sends what waits once it is due.
    const mail = await startMailCatcher({ port: smtpPort });
    try {
      clock.advance(OUTBOX_INTERVAL_MS);
      await unreachable.app.mailOutbox.deliverDue();
      const message = await mail.waitFor({ to: email, subject: /verify/i });
      const { uidb64, token } = linkParts(defined(message.links[0], 'a link in the mail'), 'verify-email');
      expect((await verify(unreachable, uidb64, token)).statusCode).toBe(200);
      expect(await outboxTo(email)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    } finally {
      await mail.stop();
    }
  });

  it("answers a taken address the same way (201, nothing changed), its owner's notice waiting in the outbox", async () => {
    const { user } = await createUser(unreachable);
    const res = await post(unreachable, '/api/users/register/', {
      name: 'No Mail',
      email: user.email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ message: messages.auth.registered });
    const rows = await unreachable.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', user.email)
      .execute();
    expect(rows).toEqual([{ id: user.id, name: user.name }]);
    expect(await outboxTo(user.email)).toMatchObject([{ kind: 'account_exists', status: 'pending' }]);
  });

  it('still answers a reset request as usual; the reset mail waits in the outbox', async () => {
    const { user } = await createUser(unreachable);
    const res = await post(unreachable, '/api/users/request-reset-password/', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: messages.auth.resetRequested });
    expect(await outboxTo(user.email)).toMatchObject([{ kind: 'password_reset', status: 'pending' }]);
  });
});
