/**
 * The whole account journey in Chromium against the production builds, with mail going through a real SMTP
 * server: sign up → read the verification mail → verify → log in → log out → request a reset → read the reset
 * mail → set a new password → log in with it. Then an admin logs in to the admin app (its own origin) and
 * deletes that customer, who can no longer log in.
 */
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@bindery/contracts/messages';
import { e2e } from '../support/env.js';
import { mailTo } from '../support/mail.js';

/** The first link to `flow` in a message. */
function linkIn(links: string[], flow: 'verify-email' | 'reset-password'): string {
  const link = links.find((l) => l.includes(`/${flow}/`));
  if (!link) throw new Error(`no ${flow} link in the mail: ${links.join(', ')}`);
  return link;
}

/** A form field of the page's main content (the footer has its own e-mail box). */
const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${e2e.webUrl}/login`);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a customer signs up, verifies, logs in, resets the password; an admin deletes the account', async ({ page, browser }) => {
  const email = `reader-${Date.now()}@example.test`;
  const firstPassword = 'F1rst-password!';
  const newPassword = 'N3w-password!';

  // Sign up.
  await page.goto(`${e2e.webUrl}/signup`);
  await field(page, 'Username').fill('Rita Reader');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(firstPassword);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(messages.auth.registered)).toBeVisible();
  await expect(field(page, 'Username')).toBeDisabled();

  // Unverified: refused.
  await logIn(page, email, firstPassword);
  await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidOrUnverified);

  // The verification mail links to the web app; following it verifies, then /login after 2 s.
  const verifyLink = linkIn((await mailTo(email, { matching: /verify-email\// })).links, 'verify-email');
  expect(verifyLink.startsWith(`${e2e.webUrl}/verify-email/`)).toBe(true);
  await page.goto(verifyLink);
  await expect(page.getByText(messages.auth.verified)).toBeVisible();
  await page.waitForURL(`${e2e.webUrl}/login`, { timeout: 5000 });

  // Log in: the session lands on /account-settings and the header offers Logout.
  await logIn(page, email, firstPassword);
  await page.waitForURL(`${e2e.webUrl}/account-settings`);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Login Data' }).getByLabel('Email', { exact: true })).toHaveValue(email);
  // No token is on disk or readable by the page: the refresh token is an HttpOnly, SameSite=Strict
  // cookie of the refresh path, the access token lives in the page's memory.
  expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('bindery_refresh');
  const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'bindery_refresh');
  expect(refreshCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/users/token/refresh' });
  // A new page load keeps the session: the page restores its access token from the cookie (one refresh) and
  // loads the customer's orders with it.
  const restored = page.waitForResponse((r) => r.url().includes('/api/users/token/refresh/') && r.status() === 200);
  const orders = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders/' && r.request().headers().authorization !== undefined);
  await page.goto(`${e2e.webUrl}/orders`);
  await restored;
  expect((await orders).status()).toBe(200);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${e2e.webUrl}/login`);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  // Logout revoked the session and the browser dropped the cookie.
  expect((await page.context().cookies()).find((c) => c.name === 'bindery_refresh')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // Forgotten password: request a link, follow it, set a new password.
  await page.goto(`${e2e.webUrl}/reset-password`);
  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: messages.auth.sendResetLink }).click();
  await expect(page.getByText(messages.auth.resetLinkSent)).toBeVisible();
  const resetLink = linkIn((await mailTo(email, { matching: /reset-password\// })).links, 'reset-password');
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: messages.auth.setNewPassword })).toBeVisible();
  await field(page, 'New password').fill(newPassword);
  await page.getByRole('button', { name: messages.auth.resetPassword }).click();
  await expect(page.getByText(messages.auth.resetSuccess)).toBeVisible();
  await page.waitForURL(`${e2e.webUrl}/login`, { timeout: 5000 });

  // The link worked once; the old password is dead, the new one works.
  await page.goto(resetLink);
  await field(page, 'New password').fill('An0ther-password!');
  await page.getByRole('button', { name: messages.auth.resetPassword }).click();
  await expect(page.getByRole('alert')).toContainText(messages.auth.resetFailed);
  await logIn(page, email, firstPassword);
  await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidOrUnverified);
  await logIn(page, email, newPassword);
  await page.waitForURL(`${e2e.webUrl}/account-settings`);

  // An admin, in the admin app on its own origin, deletes the customer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto(`${e2e.adminUrl}/manage-users`);
  await admin.waitForURL(`${e2e.adminUrl}/login`);
  await field(admin, 'Email').fill(e2e.adminEmail);
  await field(admin, 'Password').fill(e2e.adminPassword);
  await admin.getByRole('button', { name: 'Login' }).click();
  await admin.waitForURL(`${e2e.adminUrl}/admin`);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Users' }).click();
  await expect(admin.getByRole('heading', { name: messages.admin.manageUsers })).toBeVisible();
  await admin.getByPlaceholder(messages.admin.searchUsers).fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Yes');
  await expect(admin.getByRole('row').filter({ hasText: e2e.adminEmail })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Clear search' }).click();
  await expect(admin.getByRole('button', { name: `Delete ${e2e.adminEmail}` })).toBeDisabled();
  admin.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(messages.admin.confirmDeleteUser);
    void dialog.accept();
  });
  await admin.getByRole('button', { name: `Delete ${email}` }).click();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();

  // The deleted customer is locked out.
  await logIn(page, email, newPassword);
  await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidOrUnverified);
});
