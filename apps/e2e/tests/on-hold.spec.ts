/**
 * On hold for a file problem (docs/decisions/0072), in Chromium against the production builds (PostgreSQL stack):
 * staff put a paid order on hold from Order Details with a reason and a message; the customer gets the mail,
 * reads what is wrong on the order page and uploads a corrected interior there, which passes the print check; it
 * has more pages, so the customer pays the difference by card on the test payment provider from the order page
 * (docs/decisions/0077); staff release the hold and the order is paid again, ready for production, and print its
 * job ticket from Production (docs/decisions/0071), which names the replacement's page count.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { messages } from '@bindery/contracts/messages';
import { holdReasonTexts, holdTexts, orderHoldTexts } from '@bindery/contracts/store/order-hold';
import { createOrder, createPrintBookProject, getOrder, makeInteriorPdf, payByCard } from '../support/books.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb } from '../support/customer.js';
import { defined } from '../support/defined.js';
import { e2e } from '../support/env.js';
import { mailTo } from '../support/mail.js';

const actions = messages.orders.actions;
const s = messages.orderScreens;

test('staff hold a paid order, the customer reads why and uploads a corrected interior, staff release it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request, 'Hold');
  const { token } = await apiLogIn(request, customer);
  // Coil bound: no other walk makes one, so the book's group in Production holds this order alone.
  const book = await createPrintBookProject(request, token, {
    title: `Held Book ${Date.now()}`,
    pages: 40,
    quantity: 1,
    binding: 'Coil Bound',
  });
  const paid = await payByCard(request, token, (await createOrder(request, token, [book.id])).id);
  const message = 'Two fonts on page 3 are not embedded.';

  // Staff: Order Details → Put on hold, with a reason and a message.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`${e2e.adminUrl}/admin/order-info?id=${paid.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${paid.order_number}` })).toBeVisible();
  await admin.getByRole('button', { name: actions.hold }).click();
  const dialog = admin.getByRole('dialog', { name: actions.hold });
  await dialog.getByLabel(holdTexts.reasonLabel).selectOption({ label: holdReasonTexts.fonts.label });
  await dialog.getByLabel(holdTexts.messageLabel).fill(message);
  await dialog.getByRole('button', { name: actions.hold }).click();
  await expect(admin.getByText(s.moved(paid.order_number, 'On hold'))).toBeVisible();

  // The customer: the mail says what is wrong; the order page too, with the upload of a corrected file.
  const mail = await mailTo(customer.email, { matching: /not embedded/ });
  expect(mail.text).toContain(message);
  expect(mail.text).toContain(`${e2e.webUrl}/orders/${paid.id}`);
  await logInOnWeb(page, customer);
  await page.goto(`${e2e.webUrl}/orders/${paid.id}`);
  const hold = page.getByRole('region', { name: orderHoldTexts.heading });
  await expect(hold).toContainText(message);
  await expect(hold).toContainText(holdReasonTexts.fonts.todo);
  const fixed = join(tmpdir(), `bindery-fixed-${Date.now()}.pdf`);
  writeFileSync(fixed, await makeInteriorPdf(60, 'Fixed interior'));
  await hold.getByLabel(orderHoldTexts.newInterior).setInputFiles(fixed);
  await expect(hold.getByText(orderHoldTexts.replacedFor(book.title, 'interior'))).toBeVisible({ timeout: 20_000 });

  // 60 pages instead of 40 cost more: the customer pays the server's difference by card before the release.
  const due = (await getOrder(request, token, paid.id)).hold?.difference_due;
  expect(Number(due)).toBeGreaterThan(0);
  await expect(hold.getByRole('heading', { name: orderHoldTexts.payDifference(String(due)) })).toBeVisible();
  await hold.getByRole('button', { name: `Pay $${due} by card` }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByText(`Total: ${due} USD`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(`${e2e.webUrl}/orders/${paid.id}?difference=paid`);
  await expect(page.getByText(orderHoldTexts.differencePaid(String(due)))).toBeVisible({ timeout: 20_000 });
  expect((await getOrder(request, token, paid.id)).status).toBe('on_hold');

  // Staff release the hold: back to paid, Start production offered again.
  await admin.reload();
  await admin.getByRole('button', { name: actions.releaseHold }).click();
  await admin.getByRole('dialog', { name: actions.releaseHold }).getByRole('button', { name: actions.releaseHold }).click();
  await expect(admin.getByText(s.moved(paid.order_number, 'Paid'))).toBeVisible();
  await expect(admin.getByRole('button', { name: actions.startProduction })).toBeVisible();

  // Staff print from the job ticket: the book's group in Production, its order, the ticket of the 60 pages.
  await admin.goto(`${e2e.adminUrl}/admin/production`);
  await admin.getByRole('row', { name: /Coil Bound/ }).getByRole('button', { name: 'Show orders' }).click();
  const entry = admin
    .getByRole('list', { name: 'Orders to make' })
    .getByRole('listitem')
    .filter({ hasText: paid.order_number });
  const [ticket] = await Promise.all([
    admin.waitForEvent('download'),
    entry.getByRole('button', { name: 'Job ticket' }).click(),
  ]);
  expect(ticket.suggestedFilename()).toContain(paid.order_number);
  const pdf = readFileSync(defined(await ticket.path(), 'the downloaded job ticket'));
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  expect(text).toContain(paid.order_number);
  expect(text).toContain(book.title);
  expect(text).toContain('Pages: 60');
  await adminContext.close();
  expect((await getOrder(request, token, paid.id)).status).toBe('paid');
  await mailTo(customer.email, { matching: /your order goes on/ });
});
