/**
 * The accounts module runs without a server (docs/decisions/0018): a script builds it from a Kysely
 * instance, the mail outbox and a clock — no Fastify app is built in this file. The outbox's mailer is an in-memory
 * stand-in for the SMTP server (an outside service), recording what would leave.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import { migrateToLatest } from '#db/connect.js';
import { systemClock } from '#lib/clock.js';
import { isDomainError } from '#lib/domain-error.js';
import { createMailOutbox, type MailOutbox } from '#plugins/app/mail/mail-outbox.js';
import type { Mailer, MailMessage } from '#plugins/app/mail/mailer.js';
import { createAccounts } from '#plugins/app/users/accounts.service.js';
import { countEveryTime } from '#db/count-cache.js';
import { createSessionCache } from '#plugins/app/users/session-cache.js';
import { insertSession } from '#plugins/app/users/sessions.repository.js';
import { findUserById, insertUser } from '#plugins/app/users/users.repository.js';
import { TEST_JWT_SECRET } from '../constants.js';
import { privateDatabase } from '../helper.js';

let db: Kysely<DB>;
let drop: () => Promise<void>;
let outbox: MailOutbox;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: 'outbox',
  send: async (message) => {
    sent.push(message);
    return { messageId: String(sent.length) };
  },
  close: async () => undefined,
};

beforeAll(async () => {
  const database = await privateDatabase();
  db = database.db;
  drop = database.drop;
  // The PGlite fallback has no template: migrate as a start-up would (what a script does too).
  if (inject('pg').mode === 'pglite') await migrateToLatest(db);
  outbox = createMailOutbox({
    db,
    mailer,
    clock: systemClock,
    log: { error: () => undefined, warn: () => undefined },
  });
});

afterAll(async () => {
  // beforeAll may have failed before the database existed.
  await (outbox as MailOutbox | undefined)?.drain();
  await (db as Kysely<DB> | undefined)?.destroy();
  await (drop as (() => Promise<void>) | undefined)?.();
});

const accounts = () =>
  createAccounts({
    db,
    counts: countEveryTime,
    outbox,
    clock: systemClock,
    sessionCache: createSessionCache({ clock: systemClock, ttlMs: 5_000 }),
    config: { webUrl: 'https://books.example.test', jwtSecret: TEST_JWT_SECRET },
  });

const account = (name: string, is_admin = false) =>
  insertUser(db, {
    email: `${name.toLowerCase()}-${randomUUID()}@example.test`,
    name,
    password_hash: 'not used here',
    is_admin,
    is_verified: true,
  });

describe('a script runs the accounts module with a Kysely instance, the mail outbox and a clock', () => {
  it('signs a person up and mails the verification link to the web app', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const outcome = await accounts().register({ name: 'New Reader', email, password: 'Sup3r-secret!' });
    expect(outcome.message).toBe(messages.auth.registered);
    await outbox.drain();
    expect(sent.at(-1)).toMatchObject({ to: email });
    expect(sent.at(-1)?.link).toMatch(/^https:\/\/books\.example\.test\/verify-email\/[^/]+\/[^/]+$/);
  });

  it('deletes an account: anonymised, its sessions ended', async () => {
    const reader = await account('Reader');
    await insertSession(db, {
      id: randomUUID(),
      user_id: reader.id,
      expires_at: new Date(Date.now() + 3600_000),
    });
    await accounts().deleteUser(reader.id);
    expect((await findUserById(db, reader.id))?.deleted_at).toBeInstanceOf(Date);
    const live = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', reader.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('refuses with a DomainError, not an HTTP error: an admin (forbidden), an unknown account (not_found)', async () => {
    const admin = await account('Staff', true);
    const refusals = await Promise.all(
      [admin.id, 2_000_000_000].map((id) =>
        accounts()
          .deleteUser(id)
          .catch((err: unknown) => err),
      ),
    );
    expect(refusals.map((err) => isDomainError(err) && err.kind)).toEqual(['forbidden', 'not_found']);
  });
});
