/**
 * Deleting one's own account (docs/decisions/0074): DELETE api/users/me/ with the password. The row is anonymised
 * (the one anonymisation of ADR 0008), every session ends, an order still awaiting payment is canceled through the
 * state machine (an event, no mail), drafts and their files go, while a paid order keeps its buyer, address, money
 * and files. The address can sign up again. Staff deletion does the same.
 */
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { GOOD_PASSWORD, login, nextIp, post, refreshCookieOf, refreshWith } from '../accounts.js';
import { ADDRESS, orderOneBook, payOrder } from '../orders-fixtures.js';
import { createPrintBook, uploadPdf } from '../projects.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();

const deleteMe = (auth: Record<string, string>, password: string, ip = nextIp()) =>
  request(t, { method: 'DELETE', url: '/api/users/me/', headers: auth, payload: { password }, remoteAddress: ip });

const orderRow = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const uploadKeys = async (userId: number) =>
  (await t.db.selectFrom('uploads').select(['id', 'storage_key']).where('user_id', '=', userId).execute());
const stored = async (key: string) => {
  const file = await t.app.fileStore.open(key);
  file?.stream.destroy();
  return file !== undefined;
};

/** A customer with a paid order, an order awaiting payment, a draft and an upload not yet in a book. */
async function customerWithHistory() {
  const account = await createUser(t, { password: GOOD_PASSWORD, name: 'Cleo Leaving' });
  const paid = await orderOneBook(t, account.auth, 'Paid Book');
  await payOrder(t, paid.order.id);
  const unpaid = await orderOneBook(t, account.auth, 'Unpaid Book');
  const draft = await createPrintBook(t, account.auth, { title: 'Draft Book' });
  const loose = await uploadPdf(t, account.auth, 12);
  return { ...account, paid, unpaid, draft, loose };
}

describe('DELETE api/users/me/', () => {
  it('refuses a wrong password, naming the field, and keeps everything', async () => {
    const { user, auth } = await createUser(t, { password: GOOD_PASSWORD });
    const res = await deleteMe(auth, 'Not-the-one-1!');
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody)).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: [{ path: 'body.password', message: messages.account.currentPasswordWrong }],
    });
    expect((await login(t, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('anonymises the account and ends its sessions; paid orders stay whole, unpaid ones are canceled, drafts go', async () => {
    const c = await customerWithHistory();
    const browser = await login(t, c.user.email, GOOD_PASSWORD);
    const paidBefore = await orderRow(c.paid.order.id);
    const paidKeys = await t.db
      .selectFrom('uploads')
      .select('storage_key')
      .where('id', '=', (await t.db.selectFrom('projects').select('pdf_upload_id').where('id', '=', c.paid.project.id).executeTakeFirstOrThrow()).pdf_upload_id)
      .execute();
    const before = await uploadKeys(c.user.id);
    expect(before.length).toBeGreaterThanOrEqual(4);

    // An account mail (a reset link) waits in the outbox beside the order mails.
    const asked = await request(t, {
      method: 'POST',
      url: '/api/users/request-reset-password/',
      payload: { email: c.user.email },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(200);
    await t.app.mailOutbox.drain();
    const mailsTo = async () =>
      (
        await t.db
          .selectFrom('mail_outbox')
          .select(['kind', 'order_id'])
          .where('to_address', '=', c.user.email)
          .orderBy('id')
          .execute()
      ).map((m) => [m.kind, m.order_id]);
    expect(await mailsTo()).toContainEqual(['password_reset', null]);

    const res = await deleteMe(c.auth, GOOD_PASSWORD);
    expect(res.statusCode, res.body).toBe(204);
    await t.app.mailOutbox.drain();
    // Its account mails go with it; the orders' mails stay with the orders, which keep the buyer (ADR 0083).
    const left = await mailsTo();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every(([, orderId]) => orderId !== null)).toBe(true);

    // The person is gone from the account row; nothing signs in as them any more.
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', c.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted-user-${c.user.id}@deleted.invalid`, password_hash: '!' });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await request(t, { method: 'GET', url: '/api/users/me/', headers: c.auth })).statusCode).toBe(401);
    expect((await refreshWith(t, refreshCookieOf(browser))).statusCode).toBe(401);
    expect((await login(t, c.user.email, GOOD_PASSWORD)).statusCode).toBe(401);

    // The paid order is kept as it was: buyer, address, money (the tax records).
    expect(await orderRow(c.paid.order.id)).toEqual(paidBefore);
    expect(paidBefore).toMatchObject({ status: 'paid', customer_email: c.user.email });
    expect(paidBefore.address['address']).toBe(ADDRESS.address);
    expect(await stored(defined(paidKeys[0], 'the paid book file').storage_key)).toBe(true);

    // The unpaid order is canceled through the state machine, with its event naming no one.
    expect((await orderRow(c.unpaid.order.id)).status).toBe('canceled');
    const events = await t.db.selectFrom('order_events').selectAll().where('order_id', '=', c.unpaid.order.id).orderBy('id').execute();
    expect(events.at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'canceled',
      actor_type: 'customer',
      actor_label: messages.account.deletedCustomer,
      note: messages.orders.canceledAccountDeleted,
    });

    // The draft is gone with its file and the loose upload; the ordered books stay (soft-deleted) for their orders.
    expect(await t.db.selectFrom('projects').select('id').where('id', '=', c.draft.id).executeTakeFirst()).toBeUndefined();
    const projects = await t.db.selectFrom('projects').select(['id', 'deleted_at']).where('user_id', '=', c.user.id).execute();
    expect(projects.map((p) => p.id).sort()).toEqual([c.paid.project.id, c.unpaid.project.id].sort());
    expect(projects.every((p) => p.deleted_at !== null)).toBe(true);
    const after = await uploadKeys(c.user.id);
    expect(after.map((u) => u.id)).not.toContain(c.loose.id);
    const kept = new Set(paidKeys.map((k) => k.storage_key));
    for (const u of before) expect(await stored(u.storage_key)).toBe(kept.has(u.storage_key));
  });

  it('frees the address: it signs up again as a new account', async () => {
    const { user, auth } = await createUser(t, { password: GOOD_PASSWORD });
    expect((await deleteMe(auth, GOOD_PASSWORD)).statusCode).toBe(204);
    const again = await post(t, '/api/users/register/', { name: 'Back Again', email: user.email, password: GOOD_PASSWORD });
    expect(again.statusCode, again.body).toBe(201);
    const fresh = await t.db.selectFrom('users').select(['id', 'deleted_at']).where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(fresh.id).not.toBe(user.id);
    expect(fresh.deleted_at).toBeNull();
  });

  it('is not for an admin account (403), and is rate-limited per client', async () => {
    const admin = await createUser(t, { is_admin: true, password: GOOD_PASSWORD });
    expect((await deleteMe(admin.auth, GOOD_PASSWORD)).statusCode).toBe(403);
    const { auth } = await createUser(t);
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await deleteMe(auth, `Guess-${i}-aaaa`, ip)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('staff deletion (DELETE api/users/admin/users/{id}/delete/)', () => {
  it('ends the same things: the unpaid order canceled by the staff member, the draft gone', async () => {
    const c = await customerWithHistory();
    const admin = await createUser(t, { is_admin: true, name: 'Sam Staff' });
    const res = await request(t, { method: 'DELETE', url: `/api/users/admin/users/${c.user.id}/delete/`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(204);
    expect((await orderRow(c.unpaid.order.id)).status).toBe('canceled');
    expect((await orderRow(c.paid.order.id)).status).toBe('paid');
    const last = await t.db.selectFrom('order_events').selectAll().where('order_id', '=', c.unpaid.order.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ actor_type: 'staff', actor_label: 'Sam Staff' });
    expect(await t.db.selectFrom('projects').select('id').where('id', '=', c.draft.id).executeTakeFirst()).toBeUndefined();
  });
});
