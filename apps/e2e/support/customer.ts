/**
 * Customers for the order journey, made the quick honest way: sign up through the API, follow the real
 * verification mail, and either log in through the web app's form (the page then holds the session exactly as
 * after a normal login) or through the API (a bearer token for setting up projects and orders).
 * The sign-up and verification screens themselves are covered by accounts.spec.ts.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { StoreLoginResponse } from '@bindery/contracts/store/users';
import { e2e } from './env.js';
import { mailTo } from './mail.js';

export interface Customer {
  name: string;
  email: string;
  password: string;
}

/** Sign-ups so far in this run: each test customer gets an address of its own (see createCustomer). */
let signUps = 0;

/**
 * A verified customer account with a unique e-mail. Each customer signs up from an address of its own, as real
 * customers do: sign-up allows 10 per client IP and hour (a tested part of the security contract, ADR 0024), and
 * the suite signs up more than that. The API in the e2e runs trusts loopback as its proxy (TRUST_PROXY=loopback,
 * as behind the SPA servers or nginx), so the X-Forwarded-For set here is the client's address (198.18.0.0/15 is
 * reserved for benchmarking, never a real client).
 */
export async function createCustomer(request: APIRequestContext, label: string): Promise<Customer> {
  signUps += 1;
  const from = { 'x-forwarded-for': `198.18.${Math.floor(signUps / 250) % 256}.${(signUps % 250) + 1}` };
  const customer = {
    name: `${label} Buyer`,
    email: `${label.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'B0ok-buyer-pass!',
  };
  const registered = await request.post(`${e2e.apiUrl}/api/users/register/`, { data: customer, headers: from });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await mailTo(customer.email, { matching: /verify-email\// });
  const link = mail.links.find((l) => l.includes('/verify-email/'));
  if (!link) throw new Error(`no verification link in the mail to ${customer.email}`);
  // The web page's path /verify-email/{uid}/{token}/ is the API's api/users/verify-email/{uid}/{token}/.
  const path = new URL(link).pathname.replace(/^\/verify-email\//, '/api/users/verify-email/');
  const verified = await request.get(`${e2e.apiUrl}${path}`);
  expect(verified.status(), await verified.text()).toBe(200);
  return customer;
}

/** Logs in through the web app's login form; the app lands on /account-settings. */
export async function logInOnWeb(page: Page, customer: Customer) {
  await page.goto(`${e2e.webUrl}/login`);
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(customer.email);
  await main.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${e2e.webUrl}/account-settings`);
}

/**
 * An access token of the web app's signed-in session. The app keeps its own in memory only (docs/decisions/0025),
 * so the test asks for one as a reloaded page would: POST api/users/token/refresh/ from the page, which sends the
 * HttpOnly refresh cookie (and stores the rotated one, so the app's session goes on).
 */
export async function webAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(async () => {
    const res = await fetch('/api/users/token/refresh/', { method: 'POST', credentials: 'include' });
    return res.ok ? ((await res.json()) as { access: string }).access : null;
  });
  if (!token) throw new Error('the web app holds no session');
  return token;
}

/** Logs in through the API and answers the bearer token and the user's id. */
export async function apiLogIn(request: APIRequestContext, customer: Customer): Promise<{ token: string; userId: number }> {
  const res = await request.post(`${e2e.apiUrl}/api/users/login/`, {
    data: { email: customer.email, password: customer.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = StoreLoginResponse.parse(await res.json());
  return { token: body.access, userId: body.user.id };
}

/** Logs the seeded admin in to the admin app (its own origin); the app lands on /admin. */
export async function logInAsAdmin(page: Page) {
  await page.goto(`${e2e.adminUrl}/login`);
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(e2e.adminEmail);
  await main.getByLabel('Password', { exact: true }).fill(e2e.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${e2e.adminUrl}/admin`);
}
