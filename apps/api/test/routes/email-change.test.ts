/**
 * Changing the login e-mail (docs/decisions/0074) end to end, with mail over real SMTP to an in-process server: the
 * request (password checked) mails a link to the new address and a notice to the current one and changes nothing;
 * only the link changes the address, once, within 24 hours; a taken address answers the same and its owner is told
 * instead; requests are rate-limited. Every link used is the one read from the received message.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startMailCatcher } from '@bindery/mail-test';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { AccountResponse } from '@bindery/contracts/store/account';
import { GOOD_PASSWORD, login, nextIp, post, uniqueEmail } from '../accounts.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());

const WEB = 'http://web.test:5173';
const t = setupTestApp({ env: { SMTP_URL: mail.url, PUBLIC_WEB_URL: WEB } });
afterEach(() => {
  vi.useRealTimers();
});

const changeEmail = (auth: Record<string, string>, body: Record<string, string>, ip = nextIp()) =>
  request(t, { method: 'POST', url: '/api/users/me/email/', headers: auth, payload: body, remoteAddress: ip });
const confirm = (path: string) => post(t, `/api/users${path}/`, {});
const me = (auth: Record<string, string>) => request(t, { method: 'GET', url: '/api/users/me/', headers: auth });

/** The path of the confirmation link in the mail to `to`: /confirm-email/{uidb64}/{emailb64}/{token}. */
async function confirmPath(to: string): Promise<string> {
  const received = await mail.waitFor({ to, subject: /confirm your new/i });
  const link = defined(received.links[0], 'a link in the mail');
  expect(link.startsWith(`${WEB}/confirm-email/`)).toBe(true);
  return link.slice(WEB.length);
}

describe('POST api/users/me/email/', () => {
  it('refuses a wrong password, naming the field, and mails nobody', async () => {
    const { user, auth } = await createUser(t, { password: GOOD_PASSWORD });
    const to = uniqueEmail('new');
    const res = await changeEmail(auth, { new_email: to, password: 'Not-the-one-1!' });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody)).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: [{ path: 'body.password', message: messages.account.currentPasswordWrong }],
    });
    await t.app.mailOutbox.drain();
    expect(mail.find({ to })).toHaveLength(0);
    expect(mail.find({ to: user.email })).toHaveLength(0);
    const same = await changeEmail(auth, { new_email: user.email.toUpperCase(), password: GOOD_PASSWORD });
    expect(json(same, ErrorBody)).toMatchObject({ code: 'EMAIL_UNCHANGED' });
  });

  it('changes nothing until the link mailed to the new address is opened, which works once', async () => {
    const { user, auth } = await createUser(t, { password: GOOD_PASSWORD, name: 'Ann Mover' });
    const to = uniqueEmail('moved');
    const res = await changeEmail(auth, { new_email: to, password: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toEqual({ message: messages.account.emailChangeSent(to) });

    const notice = await mail.waitFor({ to: user.email, subject: /about to change/i });
    expect(notice.text).toContain(to);
    const path = await confirmPath(to);
    // Not yet: the old address still logs in, the new one does not.
    expect((await login(t, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, to, GOOD_PASSWORD)).statusCode).toBe(401);

    const confirmed = await confirm(path);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.data).toEqual({ message: messages.account.emailChanged(to) });
    expect((await login(t, to, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect(json(await me(auth), AccountResponse).user.email).toBe(to);

    const again = await confirm(path);
    expect(again.statusCode).toBe(400);
    expect(json(again, ErrorBody)).toMatchObject({ code: 'EMAIL_LINK_INVALID', error: messages.account.emailChangeLinkInvalid });
  });

  it('confirms only the address it was sent for, and not after 24 hours', async () => {
    const { auth } = await createUser(t, { password: GOOD_PASSWORD });
    const to = uniqueEmail('late');
    expect((await changeEmail(auth, { new_email: to, password: GOOD_PASSWORD })).statusCode).toBe(200);
    const path = await confirmPath(to);
    const [, , uidb64, , token] = path.split('/');
    const other = Buffer.from(uniqueEmail('other'), 'utf8').toString('base64url');
    expect((await confirm(`/confirm-email/${defined(uidb64, 'uid')}/${other}/${defined(token, 'token')}`)).statusCode).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 120_000);
    expect((await confirm(path)).statusCode).toBe(400);
    vi.useRealTimers();
    expect((await confirm(path)).statusCode).toBe(200);
  });

  it("answers the same for a taken address, whose owner is told instead; a link to an address taken since is a 409", async () => {
    const owner = await createUser(t, { name: 'Bea Owner' });
    const { user, auth } = await createUser(t, { password: GOOD_PASSWORD });
    const res = await changeEmail(auth, { new_email: owner.user.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: messages.account.emailChangeSent(owner.user.email) });
    const told = await mail.waitFor({ to: owner.user.email, subject: /tried to move/i });
    expect(told.links.some((l) => l.includes('/confirm-email/'))).toBe(false);
    await mail.waitFor({ to: user.email, subject: /about to change/i });

    // Free when asked, taken before the click: the owner of that mailbox learns it (409), nothing changes.
    const to = uniqueEmail('raced');
    expect((await changeEmail(auth, { new_email: to, password: GOOD_PASSWORD })).statusCode).toBe(200);
    const path = await confirmPath(to);
    await createUser(t, { email: to });
    const raced = await confirm(path);
    expect(raced.statusCode).toBe(409);
    expect(json(raced, ErrorBody)).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await login(t, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('is rate-limited per client and per new address', async () => {
    const { auth } = await createUser(t);
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await changeEmail(auth, { new_email: uniqueEmail('g'), password: `Guess-${i}-aaaa` }, ip)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);

    const { auth: other } = await createUser(t, { password: GOOD_PASSWORD });
    const target = uniqueEmail('bombed');
    const perAddress: number[] = [];
    for (let i = 0; i < 4; i++) perAddress.push((await changeEmail(other, { new_email: target, password: GOOD_PASSWORD })).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 429]);
  });
});
