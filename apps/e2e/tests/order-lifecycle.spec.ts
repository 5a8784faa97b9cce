/**
 * The part after payment, in Chromium against the production builds and the payment fakes:
 * 1. A customer pays by card on the (fake) Stripe page; the success page links the order's page, which says Paid.
 *    The paid order's page offers its invoice, which downloads as the API's PDF (ADR 0075).
 *    Staff find the order in Manage Orders, start production, and ship it with a carrier and tracking number,
 *    each after a confirmation. The customer's order page then shows Shipped with the carrier's tracking link,
 *    the order list under the cart links it too, and the shipping mail (tracking link, order page) is in the
 *    outbox.
 * 2. Staff refund part of a paid order from Order Details: the refund reaches the fake Stripe (a Refund on the
 *    order's PaymentIntent for exactly that amount), is listed on the order, and the customer's page shows it.
 */
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@bindery/contracts/messages';
import { createOrder, createPrintBookProject, getOrder, payByCard } from '../support/books.js';
import { usd } from '../support/checks.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb } from '../support/customer.js';
import { e2e } from '../support/env.js';
import { mailTo } from '../support/mail.js';

const actions = messages.orders.actions;
const s = messages.orderScreens;

/** Manage Orders → the order found by its number → Order Details. */
async function openInAdmin(admin: Page, orderNumber: string) {
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Orders' }).click();
  await expect(admin.getByRole('heading', { name: messages.admin.orderManagement })).toBeVisible();
  await admin.getByPlaceholder(s.searchOrders).fill(orderNumber);
  await expect(admin.getByText('Showing 1 of 1 order')).toBeVisible();
  await admin.getByRole('link', { name: `View Details: order ${orderNumber}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}

test('paid by card, staff start production and ship it; the customer sees it shipped with the tracking link and gets the mail', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'Lifecycle');
  const { token } = await apiLogIn(request, customer);
  const book = await createPrintBookProject(request, token, { title: `Lifecycle Book ${Date.now()}`, pages: 40, quantity: 3 });
  const placed = await createOrder(request, token, [book.id]);

  // The customer pays on the provider's page (the fake Stripe sends the signed webhook).
  await logInOnWeb(page, customer);
  await page.goto(`${e2e.webUrl}/payment?order=${placed.id}`);
  await page.getByRole('button', { name: `Pay ${usd(placed.total)} by card` }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'See your order' }).click();
  await page.waitForURL(`${e2e.webUrl}/orders/${placed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${placed.order_number}` })).toBeVisible();
  await expect(page.getByRole('main').getByText(messages.orderStatus.paid, { exact: true }).first()).toBeVisible();

  // The invoice (ADR 0075): offered once paid; its PDF comes from the API as application/pdf and is saved.
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText(/^Invoice INV-\d{4}-\d{6}$/)).toBeVisible();
  const pdfAnswer = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/invoices\/INV-\d{4}-\d{6}\/$/.test(r.url()),
  );
  const download = page.waitForEvent('download');
  await invoices.getByRole('button', { name: 'Download invoice' }).click();
  expect((await pdfAnswer).headers()['content-type']).toBe('application/pdf');
  const invoiceFile = await download;
  expect(invoiceFile.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(await invoiceFile.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // Staff: Manage Orders → Order Details → Start production → Mark shipped (each confirmed).
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await openInAdmin(admin, placed.order_number);
  await admin.getByRole('button', { name: actions.startProduction }).click();
  let dialog = admin.getByRole('dialog', { name: actions.startProduction });
  await expect(dialog).toContainText(s.confirm.in_production(placed.order_number));
  await dialog.getByRole('button', { name: actions.startProduction }).click();
  await expect(admin.getByText(s.moved(placed.order_number, 'In production'))).toBeVisible();

  await admin.getByRole('button', { name: actions.markShipped }).click();
  dialog = admin.getByRole('dialog', { name: actions.markShipped });
  await expect(dialog.getByLabel(s.carrierLabel)).toHaveValue('FedEx');
  const trackingNumber = `7946${Date.now() % 100_000_000}`;
  await dialog.getByLabel(s.trackingNumberLabel).fill(trackingNumber);
  await dialog.getByLabel(s.noteLabel).fill('Packed in one box');
  await dialog.getByLabel(s.noteShared).check();
  await dialog.getByRole('button', { name: actions.markShipped }).click();
  await expect(admin.getByText(s.moved(placed.order_number, 'Shipped'))).toBeVisible();
  const trackingUrl = `https://www.fedex.com/fedextrack/?trknbr=${trackingNumber}`;
  await expect(admin.getByRole('region', { name: 'Shipping' }).getByRole('link', { name: trackingUrl })).toBeVisible();
  await expect(admin.getByRole('button', { name: actions.markDelivered })).toBeVisible();
  await adminContext.close();

  // The customer: the order page says Shipped, with the carrier's tracking link and the shared note.
  await page.reload();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('listitem').filter({ hasText: 'Shipped' }).first()).toHaveAttribute('aria-current', 'step');
  await expect(status.getByText(trackingNumber)).toBeVisible();
  await expect(status.getByRole('link', { name: new RegExp(`^${s.trackParcel}`) })).toHaveAttribute('href', trackingUrl);
  await expect(status.getByText('Packed in one box')).toBeVisible();
  const api = await getOrder(request, token, placed.id);
  expect([api.status, api.carrier, api.tracking_number, api.tracking_url]).toEqual(['shipped', 'FedEx', trackingNumber, trackingUrl]);

  // The order list under the cart says so too.
  await page.goto(`${e2e.webUrl}/orders`);
  const row = page.getByRole('region', { name: s.yourOrders }).getByRole('row').filter({ hasText: placed.order_number });
  await expect(row).toContainText(messages.orderStatus.shipped);
  await expect(row.getByRole('link', { name: new RegExp(`^${s.trackParcel}`) })).toHaveAttribute('href', trackingUrl);

  // The shipping mail: carrier, tracking link and the order's page.
  const mail = await mailTo(customer.email, { matching: new RegExp(trackingNumber) });
  expect(mail.text).toContain(trackingUrl);
  expect(mail.text).toContain(`${e2e.webUrl}/orders/${placed.id}`);
  expect(mail.subject).toContain(placed.order_number);
});

test('a refund from Order Details reaches the Stripe fake and the customer sees it', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request, 'Refund');
  const { token } = await apiLogIn(request, customer);
  const book = await createPrintBookProject(request, token, { title: `Refund Book ${Date.now()}`, pages: 40, quantity: 2 });
  const paid = await payByCard(request, token, (await createOrder(request, token, [book.id])).id);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await openInAdmin(admin, paid.order_number);
  const charge = await admin.getByRole('region', { name: 'Payment' }).getByRole('term').filter({ hasText: 'Charge reference' }).locator('xpath=following-sibling::dd[1]').textContent();
  expect(charge).toMatch(/^pi_/);

  await admin.getByRole('button', { name: s.refund, exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: s.refund });
  await dialog.getByLabel('Amount in USD').fill('5');
  await dialog.getByLabel('Reason').fill('One copy arrived creased');
  await dialog.getByRole('button', { name: s.refund, exact: true }).click();
  await expect(admin.getByText(s.refundDone('$5.00', paid.order_number))).toBeVisible();
  const refunds = admin.getByRole('table', { name: 'Refunds' });
  await expect(refunds).toContainText('One copy arrived creased');
  await expect(refunds).toContainText(/re_/);
  await adminContext.close();

  // What the fake Stripe received: a Refund of 500 cents on the order's PaymentIntent.
  const received = (await (await request.get(`${e2e.stripeUrl}/__fake/requests?kind=refund.create`)).json()) as {
    requests: { body: { payment_intent?: string; amount?: string } }[];
  };
  expect(received.requests.filter((r) => r.body.payment_intent === charge).map((r) => r.body.amount)).toEqual(['500']);

  // The customer's page lists the refund; a partial refund of a paid order does not cancel it.
  await logInOnWeb(page, customer);
  await page.goto(`${e2e.webUrl}/orders/${paid.id}`);
  const books = page.getByRole('region', { name: 'Books' });
  await expect(books.getByRole('list', { name: 'Refunds' })).toContainText('$5.00 refunded');
  // The refund is in the order's history too: how much, how and why (ADR 0066).
  await expect(page.getByText('Refunded $5.00 (card): One copy arrived creased')).toBeVisible();
  expect((await getOrder(request, token, paid.id)).status).toBe('paid');
});
