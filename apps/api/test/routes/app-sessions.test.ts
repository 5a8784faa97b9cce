/**
 * One browser, two apps (docs/decisions/0052): the web shop and the admin app on one host share a cookie jar, so
 * each has a session and a refresh cookie of its own, and only the admin app's session acts as staff.
 * - a shop session of an admin account (the shop's login, the shop's cookie) never passes an admin route;
 * - the admin app's login opens an admin session for an admin only, from the admin app's origin only; its cookie
 *   (own name and path) is refused by the shop's refresh, and the shop's by the admin's;
 * - logging out of one app leaves the other's session and cookie as they were.
 */
import { describe, expect, it } from 'vitest';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { StoreLoginResponse, StoreTokenRefreshResponse } from '@bindery/contracts/store/users';
import { isAdminOrigin } from '#plugins/app/users/app-origin.js';
import { REFRESH_COOKIES } from '#plugins/app/users/refresh-cookie.js';
import { nextIp } from '../accounts.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const WEB = 'http://127.0.0.1:15173';
const ADMIN = 'http://127.0.0.1:15174';
const t = setupTestApp({ env: { PUBLIC_WEB_URL: WEB, PUBLIC_ADMIN_URL: ADMIN } });

type Cookies = Array<{ name: string; value: string; path?: string; expires?: Date }>;
const cookieOf = (res: { cookies: Cookies }, app: 'shop' | 'admin') =>
  res.cookies.find((c) => c.name === REFRESH_COOKIES[app].name);

const call = (
  method: 'GET' | 'POST',
  url: string,
  opts: { origin?: string; access?: string } = {},
  payload?: object,
) =>
  request(t, {
    method,
    url,
    headers: {
      ...(opts.origin && { origin: opts.origin }),
      ...(opts.access && { authorization: `Bearer ${opts.access}` }),
    },
    ...(payload && { payload }),
    remoteAddress: nextIp(),
  });

const shopLogin = (email: string, password: string) =>
  call('POST', '/api/users/login/', { origin: WEB }, { email, password });
const adminLogin = (email: string, password: string, origin = ADMIN) =>
  call('POST', '/api/users/admin/login/', { origin }, { email, password });

/** A refresh as a browser sends it: the named cookie, to the path of `app`'s refresh. */
const refresh = (app: 'shop' | 'admin', cookie: { name: string; value: string }, origin?: string) =>
  request(t, {
    method: 'POST',
    url: app === 'shop' ? '/api/users/token/refresh/' : '/api/users/admin/token/refresh/',
    cookies: { [cookie.name]: cookie.value },
    headers: origin ? { origin } : {},
    remoteAddress: nextIp(),
  });

const adminList = (access: string) => call('GET', adminUserRoutes.list.path, { access });
const myOrders = (access: string) => call('GET', '/api/orders/', { access });

async function staff() {
  const { user, password } = await createUser(t, { is_admin: true });
  return { email: user.email, password };
}

describe('the shop and the admin app keep separate sessions', () => {
  it("a shop session of an admin account never acts as staff, refreshed or not (the shop's cookie mints no admin token)", async () => {
    const admin = await staff();
    const login = await shopLogin(admin.email, admin.password);
    expect(login.statusCode, login.body).toBe(200);
    const body = json(login, StoreLoginResponse);
    // The account's role is told (the web app sends staff on to the admin app), its powers are not given.
    expect(body.user.is_admin).toBe(true);
    expect((await adminList(body.access)).statusCode).toBe(403);
    expect(cookieOf(login, 'admin')).toBeUndefined();

    const shopCookie = defined(cookieOf(login, 'shop'), "the shop's refresh cookie");
    const renewed = await refresh('shop', shopCookie, WEB);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const access = json(renewed, StoreTokenRefreshResponse).access;
    expect((await adminList(access)).statusCode).toBe(403);
    // It is a good session for the shop all the same.
    expect((await myOrders(access)).statusCode).toBe(200);

    // The shop's cookie presented to the admin's refresh (under the admin's name, from the admin app): unknown there.
    const next = defined(cookieOf(renewed, 'shop'), 'the rotated shop cookie');
    const crossed = await refresh('admin', { name: REFRESH_COOKIES.admin.name, value: next.value }, ADMIN);
    expect(crossed.statusCode).toBe(401);
  });

  it("the admin app's login opens an admin session whose own cookie only the admin's refresh, from the admin app, renews", async () => {
    const admin = await staff();
    const login = await adminLogin(admin.email, admin.password);
    expect(login.statusCode, login.body).toBe(200);
    expect((await adminList(json(login, StoreLoginResponse).access)).statusCode).toBe(200);
    expect(cookieOf(login, 'shop')).toBeUndefined();
    const cookie = defined(cookieOf(login, 'admin'), "the admin's refresh cookie");
    expect(cookie).toMatchObject({
      path: '/api/users/admin/token/refresh',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });

    // Presented to the shop's refresh under the shop's name (the web origin's page cannot do more): refused.
    const asShop = await refresh('shop', { name: REFRESH_COOKIES.shop.name, value: cookie.value }, WEB);
    expect(asShop.statusCode).toBe(401);
    expect(cookieOf(asShop, 'admin')).toBeUndefined();
    // The admin's refresh called by the web shop's page (the browser sends the host's cookies to any port): refused.
    const fromShopPage = await refresh('admin', cookie, WEB);
    expect(fromShopPage.statusCode).toBe(403);
    expect(json(fromShopPage, ErrorBody)).toMatchObject({
      error: messages.admin.adminAppOnly,
      code: 'ADMIN_APP_ONLY',
    });

    // Neither refusal spent the token: the admin app renews its session.
    const renewed = await refresh('admin', cookie, ADMIN);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const access = json(renewed, StoreTokenRefreshResponse).access;
    expect((await adminList(access)).statusCode).toBe(200);
    expect(defined(cookieOf(renewed, 'admin'), 'the rotated admin cookie').value).not.toBe(cookie.value);
  });

  it('opens no admin session for a customer, nor for a page of another origin', async () => {
    const { user, password } = await createUser(t);
    const customer = await adminLogin(user.email, password);
    expect(customer.statusCode).toBe(403);
    expect(json(customer, ErrorBody)).toMatchObject({
      error: messages.admin.notAnAdmin,
      code: 'NOT_AN_ADMIN',
    });
    expect(customer.cookies).toEqual([]);

    const admin = await staff();
    for (const origin of [WEB, 'null', 'https://evil.example']) {
      const res = await adminLogin(admin.email, admin.password, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.cookies, origin).toEqual([]);
    }
    // The same app under another name of this machine is the admin app.
    expect((await adminLogin(admin.email, admin.password, 'http://localhost:15174')).statusCode).toBe(200);
  });

  it('ends the admin session of an account that is no longer an admin at its next refresh', async () => {
    const admin = await staff();
    const login = await adminLogin(admin.email, admin.password);
    const cookie = defined(cookieOf(login, 'admin'), "the admin's refresh cookie");
    await t.db.updateTable('users').set({ is_admin: false }).where('email', '=', admin.email).execute();
    const refused = await refresh('admin', cookie, ADMIN);
    expect(refused.statusCode).toBe(401);
    expect(cookieOf(refused, 'admin')?.value).toBe('');
  });

  it('logging out of one app leaves the other signed in', async () => {
    const admin = await staff();
    const shop = await shopLogin(admin.email, admin.password);
    const staffApp = await adminLogin(admin.email, admin.password);
    const shopAccess = json(shop, StoreLoginResponse).access;
    const adminAccess = json(staffApp, StoreLoginResponse).access;
    const shopCookie = defined(cookieOf(shop, 'shop'), "the shop's cookie");
    const adminCookie = defined(cookieOf(staffApp, 'admin'), "the admin's cookie");

    // Out of the shop: the shop's cookie is cleared, the admin's is not touched, its session goes on.
    const shopOut = await call('POST', '/api/users/logout/', { origin: WEB, access: shopAccess });
    expect(shopOut.statusCode).toBe(204);
    expect(shopOut.cookies.map((c) => c.name)).toEqual([REFRESH_COOKIES.shop.name]);
    expect((await refresh('shop', shopCookie, WEB)).statusCode).toBe(401);
    expect((await adminList(adminAccess)).statusCode).toBe(200);
    const adminRenewed = await refresh('admin', adminCookie, ADMIN);
    expect(adminRenewed.statusCode).toBe(200);

    // And the other way round: a new shop session outlives the admin app's logout.
    const shopAgain = await shopLogin(admin.email, admin.password);
    const adminOut = await call('POST', '/api/users/admin/logout/', {
      origin: ADMIN,
      access: json(adminRenewed, StoreTokenRefreshResponse).access,
    });
    expect(adminOut.statusCode).toBe(204);
    expect(adminOut.cookies.map((c) => c.name)).toEqual([REFRESH_COOKIES.admin.name]);
    const nextAdminCookie = defined(cookieOf(adminRenewed, 'admin'), 'the rotated admin cookie');
    expect((await refresh('admin', nextAdminCookie, ADMIN)).statusCode).toBe(401);
    expect((await myOrders(json(shopAgain, StoreLoginResponse).access)).statusCode).toBe(200);
    const shopRenewed = await refresh(
      'shop',
      defined(cookieOf(shopAgain, 'shop'), 'the new shop cookie'),
      WEB,
    );
    expect(shopRenewed.statusCode).toBe(200);
  });
});

describe('isAdminOrigin', () => {
  it("admits the admin app's origin (and loopback names of it), a request without Origin, nothing else", () => {
    const admin = 'http://127.0.0.1:5174';
    expect(isAdminOrigin('http://127.0.0.1:5174', admin)).toBe(true);
    expect(isAdminOrigin('http://localhost:5174', admin)).toBe(true);
    expect(isAdminOrigin('http://[::1]:5174', admin)).toBe(true);
    expect(isAdminOrigin(undefined, admin)).toBe(true);
    expect(isAdminOrigin('http://127.0.0.1:5173', admin)).toBe(false);
    expect(isAdminOrigin('https://127.0.0.1:5174', admin)).toBe(false);
    expect(isAdminOrigin('null', admin)).toBe(false);
    expect(isAdminOrigin('http://admin.example.com', 'https://admin.example.com')).toBe(false);
    expect(isAdminOrigin('https://admin.example.com', 'https://admin.example.com/')).toBe(true);
    expect(isAdminOrigin('https://shop.example.com', 'https://admin.example.com')).toBe(false);
  });
});
