/**
 * One browser, two apps (docs/decisions/0052). The web shop and the admin app run on one host on two ports, and a
 * browser keeps one cookie jar for every port of a host: with one refresh cookie for both, staff signing in to the
 * admin app turned the customer's shop tab into the admin's on reload ('Order not found' for her own order), and a
 * customer signing in sent the admin tab to its login. Here a customer and staff share ONE browser context, each in
 * their own app, and stay who they are across reloads, sign-ins and sign-outs of the other.
 */
import { expect, test, type Page } from '@playwright/test';
import { createOrder, createPrintBookProject } from '../support/books.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb, type Customer } from '../support/customer.js';
import { e2e } from '../support/env.js';

/** The customer's shop tab, reloaded: her own order opens (the shop's session is still hers). */
async function shopStillHers(shop: Page, order: { id: number; order_number: string }) {
  await shop.goto(`${e2e.webUrl}/orders/${order.id}`);
  await shop.reload();
  await expect(shop.getByRole('heading', { level: 1, name: `Order ${order.order_number}` })).toBeVisible();
}

/** The staff's admin tab, reloaded: the dashboard, not the admin app's login. */
async function adminStillStaff(admin: Page) {
  await admin.goto(`${e2e.adminUrl}/admin`);
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(new URL(admin.url()).pathname).toBe('/admin');
}

async function logOutOfShop(shop: Page, customer: Customer) {
  await shop.goto(`${e2e.webUrl}/account-settings`);
  await expect(shop.getByRole('region', { name: 'Login Data' }).getByLabel('Email', { exact: true })).toHaveValue(
    customer.email,
  );
  await shop.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await shop.waitForURL(`${e2e.webUrl}/login`);
  await expect(shop.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  // Only the shop's cookie went; the admin app's is still in the jar.
  const names = (await shop.context().cookies()).map((c) => c.name);
  expect(names).not.toContain('bindery_refresh');
  expect(names).toContain('bindery_admin_refresh');
}

test('a customer in the web shop and staff in the admin app, in one browser, stay who they are', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request, 'TwoApps');
  const { token } = await apiLogIn(request, customer);
  const book = await createPrintBookProject(request, token, {
    title: `Two Apps ${Date.now()}`,
    pages: 40,
    quantity: 1,
  });
  const order = await createOrder(request, token, [book.id]);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const shop = await context.newPage();
  const admin = await context.newPage();
  await logInOnWeb(shop, customer);
  await logInAsAdmin(admin);

  // Staff signed in after the customer: both tabs, reloaded, are still theirs.
  await shopStillHers(shop, order);
  await adminStillStaff(admin);

  // The shop's page cannot renew the admin's session, though the browser sends it the admin's cookie (one host).
  const fromShop = await shop.evaluate(async () => {
    const res = await fetch('/api/users/admin/token/refresh/', { method: 'POST', credentials: 'include' });
    return res.status;
  });
  expect(fromShop).toBe(403);
  await adminStillStaff(admin);

  // The customer signs out and in again: the admin tab does not notice.
  await logOutOfShop(shop, customer);
  await adminStillStaff(admin);
  await logInOnWeb(shop, customer);
  await adminStillStaff(admin);
  await shopStillHers(shop, order);

  // Staff sign out: the customer's tab stays hers.
  await admin.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await admin.waitForURL(`${e2e.adminUrl}/login`);
  await shopStillHers(shop, order);
  await admin.goto(`${e2e.adminUrl}/admin`);
  await admin.waitForURL(`${e2e.adminUrl}/login`);

  await context.close();
});
