/**
 * The customer's own account (docs/decisions/0067): the name, the password with the current one (every other
 * session ends, this one goes on through its refresh), and the open sessions, each ended on request. Real logins
 * through POST api/users/login/ give real sessions and refresh cookies.
 */
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { AccountResponse, SessionsResponse } from '@bindery/contracts/store/account';
import { messages } from '@bindery/contracts/messages';
import { GOOD_PASSWORD, login, nextIp, refreshCookieOf, refreshWith } from '../accounts.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();

/** A verified customer signed in twice (two browsers): each with its access token and refresh cookie. */
async function customerInTwoBrowsers() {
  const { user, sessionId: setupSession } = await createUser(t, { password: GOOD_PASSWORD });
  const signIn = async () => {
    const res = await login(t, user.email, GOOD_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const access = res.json<{ access: string }>().access;
    return { auth: { authorization: `Bearer ${access}` }, refresh: refreshCookieOf(res) };
  };
  return { user, setupSession, here: await signIn(), there: await signIn() };
}

const me = (auth: Record<string, string>) => request(t, { method: 'GET', url: '/api/users/me/', headers: auth });
const changePassword = (auth: Record<string, string>, body: Record<string, string>, ip = nextIp()) =>
  request(t, { method: 'POST', url: '/api/users/me/password/', headers: auth, payload: body, remoteAddress: ip });
const sessions = (auth: Record<string, string>) =>
  request(t, { method: 'GET', url: '/api/users/me/sessions/', headers: auth });

describe('api/users/me/', () => {
  it('is for a signed-in user (401), who reads and renames their account', async () => {
    expect((await me({})).statusCode).toBe(401);
    const { user, auth } = await createUser(t, { name: 'Ann Old' });
    expect(json(await me(auth), AccountResponse).user).toMatchObject({ id: user.id, name: 'Ann Old', email: user.email });
    const renamed = await request(t, { method: 'PATCH', url: '/api/users/me/', headers: auth, payload: { name: ' Ann New ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed, AccountResponse).user.name).toBe('Ann New');
    expect(json(await me(auth), AccountResponse).user.name).toBe('Ann New');
    const blank = await request(t, { method: 'PATCH', url: '/api/users/me/', headers: auth, payload: { name: '' } });
    expect(blank.statusCode).toBe(400);
  });
});

describe('POST api/users/me/password/', () => {
  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const { user, here } = await customerInTwoBrowsers();
    const res = await changePassword(here.auth, { current_password: 'Not-the-one-1!', new_password: 'Brand-new-pass-2!' });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody)).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: [{ path: 'body.current_password', message: messages.account.currentPasswordWrong }],
    });
    expect((await login(t, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the new password and ends every other session; this one goes on after a refresh', async () => {
    const { user, here, there } = await customerInTwoBrowsers();
    const res = await changePassword(here.auth, { current_password: GOOD_PASSWORD, new_password: 'Brand-new-pass-2!' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toEqual({ message: messages.account.passwordChanged });

    expect((await login(t, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, user.email, 'Brand-new-pass-2!')).statusCode).toBe(200);
    // The other browser is signed out: its token and its refresh cookie are refused.
    expect((await me(there.auth)).statusCode).toBe(401);
    expect((await refreshWith(t, there.refresh)).statusCode).toBe(401);
    // This browser: its old access token ended with the password (token_version), its session did not.
    expect((await me(here.auth)).statusCode).toBe(401);
    const renewed = await refreshWith(t, here.refresh);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const access = renewed.json<{ access: string }>().access;
    expect((await me({ authorization: `Bearer ${access}` })).statusCode).toBe(200);
  });

  it('is rate-limited per client (a stolen token cannot guess the password for long)', async () => {
    const { auth } = await createUser(t);
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await changePassword(auth, { current_password: `Guess-${i}-aaaa`, new_password: 'Brand-new-pass-2!' }, ip))
          .statusCode,
      );
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });
});

describe('api/users/me/sessions/', () => {
  it('lists the open sessions with this one marked, and ends another one on request', async () => {
    const { here, there, setupSession } = await customerInTwoBrowsers();
    const listed = json(await sessions(here.auth), SessionsResponse).sessions;
    // The two browsers' sessions and the one the test set up the account with.
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const other = defined(listed.find((s) => !s.current && s.id !== setupSession), 'the other browser');
    expect(other.app).toBe('shop');

    const ended = await request(t, { method: 'DELETE', url: `/api/users/me/sessions/${other.id}/`, headers: here.auth });
    expect(ended.statusCode).toBe(204);
    expect((await me(there.auth)).statusCode).toBe(401);
    expect(json(await sessions(here.auth), SessionsResponse).sessions.map((s) => s.id).sort()).toEqual(
      [setupSession, ...listed.filter((s) => s.current).map((s) => s.id)].sort(),
    );

    const again = await request(t, { method: 'DELETE', url: `/api/users/me/sessions/${other.id}/`, headers: here.auth });
    expect(again.statusCode).toBe(404);
    expect((await request(t, { method: 'DELETE', url: '/api/users/me/sessions/not-a-uuid/', headers: here.auth })).statusCode).toBe(400);
  });

  it("cannot end another account's session (404, and it stays open)", async () => {
    const mine = await customerInTwoBrowsers();
    const theirs = await customerInTwoBrowsers();
    const theirSession = defined(json(await sessions(theirs.here.auth), SessionsResponse).sessions[0], 'a session');
    const res = await request(t, { method: 'DELETE', url: `/api/users/me/sessions/${theirSession.id}/`, headers: mine.here.auth });
    expect(res.statusCode).toBe(404);
    expect((await sessions(theirs.here.auth)).statusCode).toBe(200);
  });
});
