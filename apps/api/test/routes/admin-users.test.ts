/**
 * Admin user management: only admins may list or delete; admins cannot be deleted; a deleted customer loses
 * every way in, while its row stays (anonymised) for the records that reference it.
 */
import { sql, type CompiledQuery } from 'kysely';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { startMailCatcher } from '@bindery/mail-test';
import { AdminListUsersResponse, AdminUser } from '@bindery/contracts/admin/users';
import { messages } from '@bindery/contracts/messages';
import { GOOD_PASSWORD, login, post, refreshWith, signUp, verifiedCustomer } from '../accounts.js';
import { planOf } from '../explain.js';
import { anyNumber, createUser, json, request, setupTestApp } from '../helper.js';
import { activeUsersPageQuery } from '#plugins/app/users/users.repository.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const t = setupTestApp({ env: { SMTP_URL: mail.url } });

const list = (headers: Record<string, string> = {}, query = '') =>
  request(t, { method: 'GET', url: `/api/users/admin/users/${query}`, headers });
const remove = (id: number | string, headers: Record<string, string> = {}) =>
  request(t, { method: 'DELETE', url: `/api/users/admin/users/${id}/delete/`, headers });
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

describe('role checks', () => {
  it('refuses anonymous callers with 401 and customers with 403, on both routes', async () => {
    const customer = await createUser(t);
    expect((await list()).statusCode).toBe(401);
    expect((await remove(customer.user.id)).statusCode).toBe(401);
    const asCustomer = await list(customer.auth);
    expect(asCustomer.statusCode).toBe(403);
    expect(json(asCustomer, ErrorBody).code).toBe('FORBIDDEN');
    const other = await createUser(t);
    expect((await remove(other.user.id, customer.auth)).statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('users')
        .select('deleted_at')
        .where('id', '=', other.user.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      deleted_at: null,
    });
  });
});

describe('GET /api/users/admin/users/', () => {
  it("lists every account with exactly the spec's fields", async () => {
    const admin = await createUser(t, { is_admin: true });
    const unverified = await signUp(t, mail);
    const res = await list(admin.auth);
    expect(res.statusCode).toBe(200);
    const { data } = json(res, AdminListUsersResponse);
    const row = data.find((u) => u.email === unverified.email);
    expect(row).toEqual({
      id: anyNumber,
      name: 'Ann Reader',
      email: unverified.email,
      is_verified: false,
      is_admin: false,
    });
    // Exactly the spec's fields on every row: a strict parse refuses any other.
    expect(() => json(res, z.object({ data: z.array(z.strictObject(AdminUser.shape)) }))).not.toThrow();
    expect(data.find((u) => u.id === admin.user.id)).toMatchObject({ is_admin: true, is_verified: true });
  });
});

describe('GET /api/users/admin/users/ at scale', () => {
  it('pages newest first with a cursor, searches e-mail and name on the server, and counts the matches', async () => {
    const admin = await createUser(t, { is_admin: true });
    const tag = `pg${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1)
      made.push((await createUser(t, { email: `${tag}-${i}@example.test`, name: `Paged ${i}` })).user.id);
    // Part of a name, any case; LIKE wildcards are taken literally.
    const byName = await list(admin.auth, `?q=${tag.toUpperCase()}&limit=3`);
    expect(byName.statusCode, byName.body).toBe(200);
    const first = json(byName, AdminListUsersResponse);
    expect(first.total).toBe(7);
    expect(first.data.map((u) => u.id)).toEqual([...made].reverse().slice(0, 3));
    const second = json(
      await list(admin.auth, `?q=${tag}&limit=3&cursor=${first.next_cursor}`),
      AdminListUsersResponse,
    );
    const third = json(
      await list(admin.auth, `?q=${tag}&limit=3&cursor=${second.next_cursor}`),
      AdminListUsersResponse,
    );
    expect([...first.data, ...second.data, ...third.data].map((u) => u.id)).toEqual([...made].reverse());
    expect(third.next_cursor).toBeNull();
    expect(
      json(await list(admin.auth, '?q=Paged%205'), AdminListUsersResponse).data.map((u) => u.id),
    ).toContain(made[5]);
    expect(json(await list(admin.auth, '?q=%25'), AdminListUsersResponse).total).toBe(0);
    expect((await list(admin.auth, '?limit=201')).statusCode).toBe(400);
    expect((await list(admin.auth, '?cursor=bm90LWEtY3Vyc29y')).data).toMatchObject({
      code: 'INVALID_CURSOR',
    });
  });

  it('reads the first page and a search through indexes, never a scan of users', async () => {
    await sql`
      insert into users (email, name, password_hash, is_admin, is_verified)
      select 'bulk' || g || '@example.test', 'Bulk Reader ' || g, 'x', false, true
      from generate_series(1, 100000) g
    `.execute(t.db);
    await sql`analyze users`.execute(t.db);
    const plan = (query: { compile(): CompiledQuery }) => planOf(t.db, query);
    const noSeqScan = (text: string) =>
      expect(text).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"users"/);
    const first = await plan(activeUsersPageQuery(t.db, { limit: 50 }));
    noSeqScan(first);
    expect(first).toContain('users_pkey');
    const search = await plan(activeUsersPageQuery(t.db, { q: 'bulk1234', limit: 50 }));
    noSeqScan(search);
    expect(search).toMatch(/users_(email|name)_trgm_idx/);
  });
});

describe('DELETE /api/users/admin/users/{id}/delete/', () => {
  it("refuses to delete an admin (403, the spec's text), and answers 404 for an unknown id, 400 for a bad one", async () => {
    const admin = await createUser(t, { is_admin: true });
    const otherAdmin = await createUser(t, { is_admin: true });
    for (const target of [otherAdmin.user.id, admin.user.id]) {
      const res = await remove(target, admin.auth);
      expect(res.statusCode).toBe(403);
      expect(json(res, ErrorBody).error).toBe(messages.admin.cannotDeleteAdmin);
    }
    const unknown = await remove(987654, admin.auth);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown, ErrorBody).error).toBe(messages.admin.userNotFound);
    expect((await remove('abc', admin.auth)).statusCode).toBe(400);
  });

  it('deletes a customer: gone from the list, locked out everywhere, the address free again', async () => {
    const admin = await createUser(t, { is_admin: true });
    const customer = await verifiedCustomer(t, mail);
    const id = customer.session.user.id;

    const res = await remove(id, admin.auth);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(json(await list(admin.auth), AdminListUsersResponse).data.some((u) => u.id === id)).toBe(false);
    // Every way in is closed: password, refresh token, access token.
    const again = await login(t, customer.email, customer.password);
    expect(again.statusCode).toBe(401);
    expect(json(again, ErrorBody).error).toBe(messages.auth.invalidOrUnverified);
    expect((await refreshWith(t, customer.session.refresh)).statusCode).toBe(401);
    expect((await list(bearer(customer.session.access))).statusCode).toBe(401);
    // And no reset link can revive it.
    mail.clear();
    await post(t, '/api/users/request-reset-password/', { email: customer.email });
    // Once the outbox's background work is done, a mail to the deleted account would have arrived.
    await t.app.mailOutbox.drain();
    expect(mail.find({ to: customer.email })).toEqual([]);

    // A second delete finds nothing.
    expect((await remove(id, admin.auth)).statusCode).toBe(404);

    // The same address may open a new, separate account.
    const fresh = await signUp(t, mail, { email: customer.email });
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', fresh.email)
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(id);
  });

  it('keeps the row (anonymised) so records that reference the account stay intact', async () => {
    const admin = await createUser(t, { is_admin: true });
    const customer = await verifiedCustomer(t, mail, { password: GOOD_PASSWORD });
    const id = customer.session.user.id;
    // Stands in for the orders table to come: a record that must outlive the account, with a strict FK.
    await sql`CREATE TABLE outliving_records (id serial PRIMARY KEY, user_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT, customer_email text NOT NULL)`.execute(
      t.db,
    );
    await sql`INSERT INTO outliving_records (user_id, customer_email) VALUES (${id}, ${customer.email})`.execute(
      t.db,
    );

    expect((await remove(id, admin.auth)).statusCode).toBe(204);

    const record = await sql<{
      user_id: number;
      customer_email: string;
    }>`SELECT user_id, customer_email FROM outliving_records`.execute(t.db);
    expect(record.rows).toEqual([{ user_id: id, customer_email: customer.email }]);
    const tombstone = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({
      name: 'Deleted user',
      email: `deleted-user-${id}@deleted.invalid`,
      is_verified: false,
      password_hash: '!',
    });
    expect(tombstone.deleted_at).toBeInstanceOf(Date);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', id)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((r) => r.revoked_at !== null)).toBe(true);
  });
});
