/**
 * Helpers for the account tests: distinct client IPs (so per-IP rate limits of one test never leak into the
 * next), sign-up through the real API, and the two parts of a mailed link.
 */
import { expect } from 'vitest';
import type { MailCatcher } from '@bindery/mail-test';
import { REFRESH_COOKIE } from '#plugins/app/users/refresh-cookie.js';
import { defined, request, type TestContext } from './helper.js';

let ipCounter = 0;
/** A fresh client address for each call: 10.x.y.z. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${Date.now()}@example.test`;
}

export const GOOD_PASSWORD = 'Corr3ct-horse!';

/** The uidb64 and token of a link such as http://web/verify-email/MTI/abc-def. */
export function linkParts(link: string, flow: 'verify-email' | 'reset-password') {
  const [, uidb64, token] = new RegExp(`/${flow}/([^/]+)/([^/\\s]+)$`).exec(link) ?? [];
  if (uidb64 === undefined || token === undefined) throw new Error(`not a ${flow} link: ${link}`);
  return { uidb64, token };
}

export function post(t: TestContext, url: string, payload: unknown, ip = nextIp()) {
  return request(t, { method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });
}

/** Signs up through the API and returns the verification link from the mail that arrived. */
export async function signUp(
  t: TestContext,
  mail: MailCatcher,
  overrides: { email?: string; name?: string; password?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  const res = await post(t, '/api/users/register/', {
    name: overrides.name ?? 'Ann Reader',
    email,
    password,
  });
  expect(res.statusCode, res.body).toBe(201);
  const message = await mail.waitFor({ to: email, subject: /verify/i });
  const link = defined(message.links[0], `a link in the mail to ${email}`);
  return { email, password, link, ...linkParts(link, 'verify-email') };
}

export async function verify(t: TestContext, uidb64: string, token: string) {
  return request(t, {
    method: 'GET',
    url: `/api/users/verify-email/${uidb64}/${token}/`,
    remoteAddress: nextIp(),
  });
}

export async function login(t: TestContext, email: string, password: string) {
  return post(t, '/api/users/login/', { email, password });
}

/** The refresh token a response set in its cookie ('' when it set none or cleared it). */
export function refreshCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
}

/** POST api/users/token/refresh/ as a browser would: no body, the refresh token in its cookie. */
export async function refreshWith(t: TestContext, token: string, ip = nextIp()) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/users/token/refresh/',
    cookies: { [REFRESH_COOKIE]: token },
    remoteAddress: ip,
  });
  return Object.assign(res, { refresh: refreshCookieOf(res) });
}

/** POST api/users/logout/ with the session's access token. */
export function logout(t: TestContext, access: string) {
  return request(t, {
    method: 'POST',
    url: '/api/users/logout/',
    headers: { authorization: `Bearer ${access}` },
    remoteAddress: nextIp(),
  });
}

/** Signs up, verifies through the mailed link and logs in: a ready customer session. */
export async function verifiedCustomer(
  t: TestContext,
  mail: MailCatcher,
  overrides: { email?: string; password?: string } = {},
) {
  const account = await signUp(t, mail, overrides);
  expect((await verify(t, account.uidb64, account.token)).statusCode).toBe(200);
  const res = await login(t, account.email, account.password);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.data as { access: string; user: { id: number } };
  return { ...account, session: { ...body, refresh: refreshCookieOf(res) } };
}
