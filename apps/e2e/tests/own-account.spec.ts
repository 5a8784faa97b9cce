/**
 * The customer's own account in Chromium against the production builds (docs/decisions/0067, 0074): a customer with
 * a paid order changes the login e-mail (the link mailed to the new address confirms it), changes the password with
 * the current one, deletes the account with it (signed out, on the home page) and can no longer log in; staff still
 * find the paid order, with the name and e-mail it was placed with and the account marked deleted.
 */
import { expect, test } from '@playwright/test';
import { messages } from '@bindery/contracts/messages';
import { createOrder, createPrintBookProject, payByCard } from '../support/books.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb } from '../support/customer.js';
import { e2e } from '../support/env.js';
import { mailTo } from '../support/mail.js';

test('a customer changes e-mail and password, deletes the account; the paid order and its invoice stay for staff', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request, 'Leaving');
  const { token } = await apiLogIn(request, customer);
  const project = await createPrintBookProject(request, token, { title: 'Kept Book', pages: 40, quantity: 1 });
  const order = await payByCard(request, token, (await createOrder(request, token, [project.id])).id);

  await logInOnWeb(page, customer);
  const loginData = page.getByRole('region', { name: 'Login Data' });

  // E-mail: asked with the password; the new address's link changes it.
  const newEmail = `moved-${Date.now()}@example.test`;
  const emailForm = loginData.getByRole('form', { name: 'Change email' });
  await emailForm.getByLabel('New email').fill(newEmail);
  await emailForm.getByLabel('Password', { exact: true }).fill(customer.password);
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  await expect(emailForm.getByText(messages.account.emailChangeSent(newEmail))).toBeVisible();
  await mailTo(customer.email, { matching: new RegExp(newEmail.replace(/[.]/g, '\\.')) });
  const link = (await mailTo(newEmail, { matching: /confirm-email\// })).links.find((l) => l.includes('/confirm-email/'));
  if (!link) throw new Error('no confirmation link in the mail to the new address');
  await page.goto(link);
  await expect(page.getByText(messages.account.emailChanged(newEmail))).toBeVisible();

  // Password: with the current one.
  const newPassword = 'Ch4nged-password!';
  await page.goto(`${e2e.webUrl}/account-settings`);
  const passwordForm = loginData.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill(customer.password);
  await passwordForm.getByLabel('New password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText(messages.account.passwordChanged)).toBeVisible();

  // Deletion: confirmed with the password in a dialog; signed out on the home page.
  await page.getByRole('region', { name: 'Account Management' }).getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL(`${e2e.webUrl}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  const refused = await request.post(`${e2e.apiUrl}/api/users/login/`, { data: { email: newEmail, password: newPassword } });
  expect(refused.status()).toBe(401);

  // Staff: the paid order is kept, with the buyer it was placed by.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`${e2e.adminUrl}/admin/order-info?id=${order.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.order_number}` })).toBeVisible();
  const basics = admin.getByRole('region', { name: 'Basic Information' });
  await expect(basics).toContainText('Paid');
  await expect(basics).toContainText(customer.email);
  await expect(basics).toContainText('Deleted (the order keeps the name and e-mail it was placed with)');
  // Its invoice too (ADR 0075): the tax record the deletion keeps, with the number the customer was given.
  const invoices = admin.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText(/^Invoice INV-\d{4}-\d{6}$/)).toBeVisible();
  await expect(invoices.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  await adminContext.close();
});
