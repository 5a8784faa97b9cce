/**
 * One cart, one payable order (docs/decisions/0051), in Chromium against the production builds and the payment
 * fakes: design a book → shop → payment → the provider's page → Back → Back to the shop (Forward to the payment
 * page and Back again) → another service → a second tab saves shipping again → the first tab's Pay is refused →
 * pay in the second tab. Each order is replaced (canceled) when the next is saved, the first one's Checkout Session
 * is expired at the provider (its page refuses to take money), and the walk ends with exactly one paid order and
 * nothing payable.
 */
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@bindery/contracts/messages';
import { MyOrdersResponse } from '@bindery/contracts/store/orders';
import { UploadBookResponse } from '@bindery/contracts/store/projects';
import { chooseOptionCard, fillTexasAddress, getOrder, makeInteriorPdf } from '../support/books.js';
import { usd } from '../support/checks.js';
import { createCustomer, logInOnWeb, webAccessToken } from '../support/customer.js';
import { e2e } from '../support/env.js';

const apiResponse = (page: Page, path: string, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method);

async function chooseTrim(page: Page, name: string) {
  const select = page.getByLabel('Trim Size');
  await expect(select).toBeEnabled();
  const value = await select.evaluate(
    (el: HTMLSelectElement, wanted) =>
      Array.from(el.options).find((o) => o.text === wanted || o.text.startsWith(`${wanted} `))?.value ?? '',
    name,
  );
  expect(value).not.toBe('');
  await select.selectOption(value);
}

const service = (page: Page, code: string) => page.locator(`input[name="shipping_service"][value="${code}"]`);

test('Back from the provider, another service, pay: one paid order, the first one replaced and its card page closed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'OneOrder');
  await logInOnWeb(page, customer);
  const title = `One Order ${Date.now()}`;

  // Design: a real PDF, print options, Print Your Book → the cart → the shop.
  await page.goto(`${e2e.webUrl}/start-project`);
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Book Language').selectOption('english');
  await page.getByLabel('Book Category').selectOption('Print Book');
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await page.waitForURL(`${e2e.webUrl}/design-project`);
  const uploaded = apiResponse(page, '/api/book/uploads/');
  await page.getByLabel('Interior PDF').setInputFiles({
    name: 'one-order.pdf',
    mimeType: 'application/pdf',
    buffer: await makeInteriorPdf(40, title),
  });
  expect((await uploaded).status()).toBe(201);
  await chooseTrim(page, 'US Trade');
  await chooseOptionCard(page, 'Binding', 'Perfect Bound');
  await chooseOptionCard(page, 'Interior Color', 'Standard Color');
  await chooseOptionCard(page, 'Paper Type', '60# White-Uncoated');
  await chooseOptionCard(page, 'Cover Finish', 'Matte');
  await page.getByLabel('Quantity', { exact: true }).fill('5');
  const submitted = apiResponse(page, '/api/book/upload-book/');
  await page.getByRole('button', { name: 'Print Your Book' }).click();
  const submission = await submitted;
  expect(submission.status(), await submission.text()).toBe(201);
  const { project } = UploadBookResponse.parse(await submission.json());
  await page.waitForURL(`${e2e.webUrl}/shop`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Shop: the address, the cheapest service, Check Delivery Method → the first order.
  await fillTexasAddress(page);
  await page.getByRole('button', { name: 'Calculate Shipping Rate' }).click();
  await expect(page.getByRole('group', { name: 'Shipping service' })).toBeVisible();
  await expect(service(page, 'FEDEX_2_DAY')).not.toBeChecked();
  await page.getByRole('button', { name: 'Check Delivery Method' }).click();
  await page.waitForURL(/\/payment\?order=\d+$/);
  const firstId = Number(new URL(page.url()).searchParams.get('order'));
  const token = await webAccessToken(page);
  const first = await getOrder(request, token, firstId);

  // The provider's page opens for it; the customer goes Back instead of paying.
  await page.getByRole('button', { name: `Pay ${usd(first.total)} by card` }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const firstPage = page.url();
  await page.goBack();
  await page.waitForURL(`${e2e.webUrl}/payment?order=${firstId}`);
  await page.goBack();
  await page.waitForURL(`${e2e.webUrl}/shop`);
  // Forward to the payment page and Back again: it reads the order as it is, still the one to pay.
  await page.goForward();
  await page.waitForURL(`${e2e.webUrl}/payment?order=${firstId}`);
  await expect(page.getByRole('button', { name: `Pay ${usd(first.total)} by card` })).toBeEnabled();
  await page.goBack();
  await page.waitForURL(`${e2e.webUrl}/shop`);

  // Another service: the second order replaces the first.
  await expect(service(page, 'FEDEX_2_DAY')).toBeVisible();
  await service(page, 'FEDEX_2_DAY').check();
  await page.getByRole('button', { name: 'Check Delivery Method' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/payment' && url.searchParams.get('order') !== String(firstId),
  );
  const secondId = Number(new URL(page.url()).searchParams.get('order'));
  const second = await getOrder(request, token, secondId);
  expect(second.status).toBe('awaiting_payment');
  expect(second.items.map((i) => i.project_id)).toEqual([project.id]);
  const replaced = await getOrder(request, token, firstId);
  expect(replaced.status).toBe('canceled');
  expect(replaced.timeline.at(-1)?.note).toBe(messages.orders.canceledSuperseded);

  // The first order's card page, left open in the history, no longer takes money.
  const stale = await request.post(`${firstPage}/pay`, { maxRedirects: 0 });
  expect(stale.status()).toBe(409);
  const staleView = await request.get(firstPage);
  expect(await staleView.text()).toContain('Status: expired');

  // A second tab of the same browser: the cart still holds the book; saving shipping there replaces the second
  // order in turn, and the first tab's Pay button is refused with the server's reason instead of taking money.
  await expect(page.getByTestId('order-total')).toHaveText(usd(second.total));
  const tab = await page.context().newPage();
  await tab.setViewportSize({ width: 1280, height: 900 });
  await tab.goto(`${e2e.webUrl}/shop`);
  await fillTexasAddress(tab);
  await tab.getByRole('button', { name: 'Calculate Shipping Rate' }).click();
  await expect(tab.getByRole('group', { name: 'Shipping service' })).toBeVisible();
  await tab.getByRole('button', { name: 'Check Delivery Method' }).click();
  await tab.waitForURL(
    (url) =>
      url.pathname === '/payment' &&
      ![String(firstId), String(secondId)].includes(url.searchParams.get('order') ?? ''),
  );
  const thirdId = Number(new URL(tab.url()).searchParams.get('order'));
  const third = await getOrder(request, token, thirdId);
  expect((await getOrder(request, token, secondId)).status).toBe('canceled');

  const refused = apiResponse(page, '/api/create-checkout-session/');
  await page.getByRole('button', { name: `Pay ${usd(second.total)} by card` }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('alert')).toBeVisible();
  expect(page.url()).toBe(`${e2e.webUrl}/payment?order=${secondId}`);

  // Pay the newest order on the provider's page, from the second tab.
  await expect(tab.getByTestId('order-total')).toHaveText(usd(third.total));
  await tab.getByRole('button', { name: `Pay ${usd(third.total)} by card` }).click();
  await tab.waitForURL(/\/c\/pay\/cs_test_/);
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await tab.waitForURL(new RegExp(`^${e2e.webUrl}/success\\?`));
  await expect(tab.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  await expect(tab.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // Exactly one paid order, nothing left to pay; the first order's page says why it cannot be paid.
  const list = MyOrdersResponse.parse(
    await (
      await request.get(`${e2e.apiUrl}/api/orders/`, { headers: { authorization: `Bearer ${token}` } })
    ).json(),
  );
  expect(list.data.map((o) => [o.id, o.status])).toEqual([
    [thirdId, 'paid'],
    [secondId, 'canceled'],
    [firstId, 'canceled'],
  ]);
  await page.goto(`${e2e.webUrl}/payment?order=${firstId}`);
  await expect(page.getByText(messages.orders.canceledSuperseded)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});
