/**
 * The order journey in Chromium against the production builds, with the fake Stripe and PayPal of
 * @bindery/payment-fakes standing in for the providers (the API talks to them with the real SDKs; the hosted
 * pages send the signed webhook and the PayPal return exactly as the providers do):
 * 1. Start a project → design it with a real 40-page PDF (the server counts the pages) → the server's price →
 *    Print Your Book → shop (Texas, individual: taxed) → the server creates the order → pay by card on the
 *    provider's page → 'Payment Successful!' only after the webhook marked the order paid.
 * 2. On a phone (375 px, no sideways scrolling): dashboard → cart → shop → payment → PayPal approval → capture.
 * 3. The dashboard and the cart show the server's prices; delete asks first; an admin finds the paid order with
 *    the customer's e-mail and downloads the customer's PDF.
 * 4. An admin changes a print book price; the public calculator quotes with it.
 */
import { chromium, expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { messages } from '@bindery/contracts/messages';
import { ShippingRateResponse, type Order } from '@bindery/contracts/store/checkout';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { MyBooksResponse, UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import {
  chooseOptionCard,
  createOrder,
  createPrintBookProject,
  fillTexasAddress,
  getOrder,
  makeInteriorPdf,
  payByCard,
  printBookConfiguration,
  texasAddress,
} from '../support/books.js';
import { apiResponse, noSidewaysScroll, usd } from '../support/checks.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb, webAccessToken } from '../support/customer.js';
import { defined } from '../support/defined.js';
import { fullBrowserLaunch } from '../playwright.config';
import { e2e } from '../support/env.js';
import { mailTo } from '../support/mail.js';

/**
 * The payment page and the admin say "Test mode — no real money is taken" exactly when the API runs on
 * Bindery's own payment test servers (the README's run command without keys; docs/decisions/0028).
 */
async function expectPaymentsMode(page: Page, request: APIRequestContext) {
  const config = PublicConfigResponse.parse(await (await request.get(`${e2e.apiUrl}/api/config`)).json());
  expect(config.payments?.test_mode === true).toBe(e2e.paymentsTestMode);
  if (e2e.paymentsTestMode) await expect(page.getByText(messages.payments.testModeBanner)).toBeVisible();
  else await expect(page.getByText(messages.payments.testModeBanner)).toHaveCount(0);
}

/** Picks the option whose text starts with `name` (trim sizes show their dimensions after the name). */
async function choose(select: Locator, name: string) {
  await expect(select).toBeEnabled();
  const value = await select.evaluate(
    (el: HTMLSelectElement, wanted) => Array.from(el.options).find((o) => o.text === wanted || o.text.startsWith(`${wanted} `))?.value ?? '',
    name,
  );
  expect(value, `an option "${name}"`).not.toBe('');
  await select.selectOption(value);
}

const summaryAmount = (page: Page, testId: string) => page.getByTestId(testId);

test('a customer designs a print book, ships it to Texas and pays by card', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'Card');
  await logInOnWeb(page, customer);
  const title = `The Card Journey ${Date.now()}`;

  // Start: title, category, language.
  await page.goto(`${e2e.webUrl}/start-project`);
  await expect(page.getByRole('heading', { name: 'Start Your Project' })).toBeVisible();
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Book Language').selectOption('english');
  await page.getByLabel('Book Category').selectOption('Print Book');
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await page.waitForURL(`${e2e.webUrl}/design-project`);
  await expect(page.getByRole('heading', { name: 'Design Your Project' })).toBeVisible();

  // The PDF goes up at once; the page count shown is the one the server counted.
  const uploaded = apiResponse(page, '/api/book/uploads/');
  await page.getByLabel('Interior PDF').setInputFiles({
    name: 'card-journey.pdf',
    mimeType: 'application/pdf',
    buffer: await makeInteriorPdf(40, title),
  });
  const upload = await uploaded;
  expect(upload.status(), await upload.text()).toBe(201);
  expect(UploadedFile.parse(await upload.json()).page_count).toBe(40);
  await expect(page.getByText('Uploaded card-journey.pdf · 40 pages')).toBeVisible();
  await expect(page.getByLabel('Page Count')).toHaveValue('40');

  // Print options, quantity, and the server's price.
  await choose(page.getByLabel('Trim Size'), 'US Trade');
  await chooseOptionCard(page, 'Binding', 'Case Wrap');
  await chooseOptionCard(page, 'Interior Color', 'Premium Color');
  await chooseOptionCard(page, 'Paper Type', '80# White-Coated');
  await chooseOptionCard(page, 'Cover Finish', 'Gloss');
  await page.getByLabel('Quantity', { exact: true }).fill('25');
  const quoted = apiResponse(page, '/api/calculator/calculate/');
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  const quoteResponse = await quoted;
  expect(quoteResponse.status(), await quoteResponse.text()).toBe(200);
  const quote = CalculateResponse.parse(await quoteResponse.json());
  await expect(page.getByTestId('quote-total')).toHaveText(usd(quote.total_cost));
  await expect(page.getByTestId('quote-cost-per-book')).toHaveText(usd(quote.cost_per_book));

  // Print Your Book: the project is saved, priced by the server, put in the cart; on to the shop.
  const submitted = apiResponse(page, '/api/book/upload-book/');
  await page.getByRole('button', { name: 'Print Your Book' }).click();
  const submission = await submitted;
  expect(submission.status(), await submission.text()).toBe(201);
  const { project } = UploadBookResponse.parse(await submission.json());
  expect(project.page_count).toBe(40);
  expect(project.price?.total_cost).toBe(quote.total_cost);
  await expect(page.getByText(messages.projects.submitted)).toBeVisible();
  await page.waitForURL(`${e2e.webUrl}/shop`);
  await expect(page.getByRole('list', { name: 'Projects in your cart' })).toContainText(title);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The shop: a Texan individual, so sales tax applies to books and shipping.
  await expect(page.getByRole('radio', { name: 'Individual' })).toBeChecked();
  await fillTexasAddress(page);
  const rated = apiResponse(page, '/api/shipping-rate/');
  await page.getByRole('button', { name: 'Calculate Shipping Rate' }).click();
  const rateResponse = await rated;
  expect(rateResponse.status(), await rateResponse.text()).toBe(200);
  const rate = ShippingRateResponse.parse(await rateResponse.json());
  // A cart's rate (project_ids sent) carries its subtotal and each service's tax and total; an estimate would not.
  const subtotal = defined(rate.subtotal, "the cart's subtotal");
  expect(subtotal).toBe(project.price?.total_cost);
  const services = page.getByRole('group', { name: 'Shipping service' }).getByRole('radio');
  await expect(services).toHaveCount(rate.available_services.length);
  expect(rate.available_services.length).toBeGreaterThan(1);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const cheapest = defined(
    [...rate.available_services].sort((a, b) => cents(a.total_charge) - cents(b.total_charge))[0],
    'a shipping service',
  );
  const cheapestTax = defined(cheapest.tax, "the service's tax");
  const cheapestTotal = defined(cheapest.total, "the service's total");
  expect(rate.service_code).toBe(cheapest.service_code);
  await expect(page.locator(`input[name="shipping_service"][value="${cheapest.service_code}"]`)).toBeChecked();
  expect(cents(cheapestTax)).toBeGreaterThan(0);
  // Named as the server names it (the carriers' own names carry the brand: never "FedEx FedEx Ground").
  expect(cheapest.service_name.startsWith(cheapest.courier_name)).toBe(true);
  await expect(page.getByTestId('selected-service')).toContainText(`${cheapest.service_name}, delivered in ${cheapest.delivery_time}.`);
  await expect(page.getByTestId('selected-service')).not.toContainText(`${cheapest.courier_name} ${cheapest.courier_name}`);
  await expect(summaryAmount(page, 'summary-subtotal')).toHaveText(usd(subtotal));
  await expect(summaryAmount(page, 'summary-shipping')).toHaveText(usd(cheapest.total_charge));
  await expect(summaryAmount(page, 'summary-tax')).toHaveText(usd(cheapestTax));
  await expect(summaryAmount(page, 'summary-total')).toHaveText(usd(cheapestTotal));

  // Check Delivery Method: the server creates the order; the payment page shows the server's order.
  await page.getByRole('button', { name: 'Check Delivery Method' }).click();
  await expect(page.getByText(messages.checkout.shippingSaved)).toBeVisible();
  await page.waitForURL(/\/payment\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  const token = await webAccessToken(page);
  const order = await getOrder(request, token, orderId);
  expect(order.status).toBe('awaiting_payment');
  expect(order.total).toBe(cheapestTotal);
  expect(order.tax).toBe(cheapestTax);
  await expect(page.getByTestId('order-subtotal')).toHaveText(usd(order.subtotal));
  await expect(page.getByTestId('order-shipping')).toHaveText(usd(order.shipping));
  await expect(page.getByTestId('order-tax')).toHaveText(usd(order.tax));
  await expect(page.getByTestId('order-total')).toHaveText(usd(order.total));
  await expectPaymentsMode(page, request);

  // Card: the provider's page. Cancelling there charges nothing and leads back to the same order.
  await page.getByRole('button', { name: `Pay ${usd(order.total)} by card` }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(`${e2e.webUrl}/cancel?order=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  expect((await getOrder(request, token, orderId)).status).toBe('awaiting_payment');
  await page.getByRole('link', { name: 'Try Again' }).click();
  await page.waitForURL(`${e2e.webUrl}/payment?order=${orderId}`);

  // Pay this time: back on /success, which waits for the webhook's verdict. The same open session comes back.
  const again = apiResponse(page, '/api/create-checkout-session/');
  await page.getByRole('button', { name: `Pay ${usd(order.total)} by card` }).click();
  const session = await again;
  // Its body only when refused: the page leaves for the provider at once after a 200.
  if (!session.ok()) expect(session.status(), await session.text()).toBe(200);
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByText(`Total: ${order.total} USD`)).toBeVisible();
  // The provider's page is Bindery's test server (started by the API in test mode, by the tests otherwise).
  await expect(page.getByText(messages.payments.testModeBanner)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(new RegExp(`^${e2e.webUrl}/success\\?`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Order ${order.order_number}, ${usd(order.total)} paid.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', `/orders/${orderId}`);

  const paid = await getOrder(request, token, orderId);
  expect(paid.status).toBe('paid');
  expect(paid.payment_method).toBe('card');
  expect(paid.total).toBe(order.total);
  // The paid project left the cart; the confirmation mail names the order and the amount.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const receipt = await mailTo(customer.email, { matching: new RegExp(`order ${paid.order_number}\\b`) });
  expect(receipt.text).toContain(usd(order.total));
  expect(receipt.links).toContain(`${e2e.webUrl}/userdashboard`);
});

test('on a phone, a customer takes a project from the dashboard through the cart and pays with PayPal', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const customer = await createCustomer(request, 'Paypal');
  const { token } = await apiLogIn(request, customer);
  const project = await createPrintBookProject(request, token, { title: 'Pocket PayPal Book', pages: 36, quantity: 3 });
  await logInOnWeb(page, customer);

  // The two design steps fit the phone too.
  await page.goto(`${e2e.webUrl}/start-project`);
  await page.getByLabel('Project Title').fill('A phone-sized look');
  await page.getByLabel('Book Category').selectOption('Print Book');
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await expect(page.getByLabel('Trim Size')).toBeVisible();
  await noSidewaysScroll(page);

  await page.goto(`${e2e.webUrl}/userdashboard`);
  await page.getByRole('button', { name: `Add ${project.title} to cart` }).click();
  await page.waitForURL(`${e2e.webUrl}/orders`);
  await expect(page.getByTestId('total-value')).toContainText(usd(defined(project.price, "the project's price").total_cost));
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(`${e2e.webUrl}/shop`);
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('First name').fill(texasAddress.first_name);
  await form.getByLabel('Last name').fill(texasAddress.last_name);
  await form.getByLabel('Address', { exact: true }).fill(texasAddress.address);
  await form.getByLabel('City').fill(texasAddress.city);
  await form.getByLabel('Postal code').fill(texasAddress.postal_code);
  await form.getByLabel('Phone number').fill(texasAddress.phone_number);
  await page.getByRole('button', { name: 'Calculate Shipping Rate' }).click();
  await expect(page.getByRole('group', { name: 'Shipping service' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Check Delivery Method' }).click();
  await page.waitForURL(/\/payment\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  const order = await getOrder(request, token, orderId);
  await expect(page.getByTestId('order-total')).toHaveText(usd(order.total));
  await noSidewaysScroll(page);

  // PayPal: approve on PayPal's page; back on /payment/success the server captures and answers the order.
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: `Pay ${usd(order.total)} with PayPal` }).click();
  await page.waitForURL(/\/checkoutnow\?token=/);
  await expect(page.getByText(`Pay ${order.total} USD`)).toBeVisible();
  await expect(page.getByText(messages.payments.testModeBanner)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(new RegExp(`^${e2e.webUrl}/payment/success\\?`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  await noSidewaysScroll(page);
  const paid = await getOrder(request, token, orderId);
  expect(paid.status).toBe('paid');
  expect(paid.payment_method).toBe('paypal');
});

test("the dashboard and the cart show the server's prices; an admin finds the paid order and its PDF", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'Admin');
  const { token } = await apiLogIn(request, customer);
  const paidBook = await createPrintBookProject(request, token, { title: `Paid Book ${Date.now()}`, pages: 40, quantity: 2 });
  const draft = await createPrintBookProject(request, token, { title: `Draft Book ${Date.now()}`, pages: 48, quantity: 5 });
  const order: Order = await payByCard(request, token, (await createOrder(request, token, [paidBook.id])).id);
  await logInOnWeb(page, customer);

  // Dashboard: both projects with the server's prices; the ordered one can no longer be changed or deleted.
  await page.goto(`${e2e.webUrl}/userdashboard`);
  const paidRow = page.getByRole('row').filter({ hasText: paidBook.title });
  const draftRow = page.getByRole('row').filter({ hasText: draft.title });
  await expect(paidRow).toContainText(usd(defined(paidBook.price, "the paid book's price").total_cost));
  await expect(paidRow).toContainText('Ordered');
  await expect(paidRow.getByRole('button')).toHaveCount(0);
  await expect(draftRow).toContainText(usd(defined(draft.price, "the draft's price").total_cost));
  await expect(page.getByTestId('total-projects')).toContainText('2');

  // The cart lists the draft with the server's total.
  await draftRow.getByRole('button', { name: `Add ${draft.title} to cart` }).click();
  await page.waitForURL(`${e2e.webUrl}/orders`);
  const cartRow = page.getByRole('row').filter({ hasText: draft.title });
  await expect(cartRow).toContainText(usd(defined(draft.price, "the draft's price").total_cost));
  await expect(cartRow).toContainText(messages.cart.inCart);
  await expect(page.getByTestId('items-in-cart')).toContainText('1');
  await expect(page.getByTestId('total-value')).toContainText(usd(defined(draft.price, "the draft's price").total_cost));
  await cartRow.getByRole('button', { name: `Remove ${draft.title} from cart` }).click();
  // The cart is empty, and the paid order is listed below it.
  await expect(page.getByText('your cart is empty')).toBeVisible();
  const orderRow = page.getByRole('region', { name: messages.orderScreens.yourOrders }).getByRole('row').filter({ hasText: order.order_number });
  await expect(orderRow).toContainText(messages.orderStatus.paid);
  await expect(orderRow).toContainText(usd(order.total));

  // An edit left half-way (Edit, then back to the dashboard) does not turn the next new project into that edit.
  await page.goto(`${e2e.webUrl}/userdashboard`);
  await draftRow.getByRole('button', { name: `Edit ${draft.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Your Project' })).toBeVisible();
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await expect(page.getByText(/You are editing this project/)).toBeVisible();
  await page.goto(`${e2e.webUrl}/userdashboard`);
  await page.getByRole('link', { name: 'New Project' }).click();
  await expect(page.getByRole('heading', { name: 'Start Your Project' })).toBeVisible();
  await expect(page.getByLabel('Project Title')).toHaveValue('');

  // Delete asks first (cancel keeps the project), then removes it on the server.
  await page.goto(`${e2e.webUrl}/userdashboard`);
  await draftRow.getByRole('button', { name: `Delete ${draft.title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(messages.projects.confirmDelete);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(draftRow).toBeVisible();
  await draftRow.getByRole('button', { name: `Delete ${draft.title}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(draftRow).toHaveCount(0);
  const left = MyBooksResponse.parse(
    await (await request.get(`${e2e.apiUrl}/api/book/my-books/`, { headers: { authorization: `Bearer ${token}` } })).json(),
  );
  expect(left.data.map((p) => p.id)).toEqual([paidBook.id]);

  // The admin: Manage Orders finds the paid order by the customer's e-mail; its details show the book and its PDF.
  // In the full browser: the headless shell the other tests run in has no PDF viewer (ADR 0080).
  const viewer = await chromium.launch(fullBrowserLaunch);
  const adminContext = await viewer.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await expectPaymentsMode(admin, request);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Orders' }).click();
  await expect(admin.getByRole('heading', { name: messages.admin.orderManagement })).toBeVisible();
  await admin.getByPlaceholder(messages.orderScreens.searchOrders).fill(customer.email);
  const row = admin.getByRole('row').filter({ hasText: order.order_number });
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText(messages.orderStatus.paid);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: `View Details: order ${order.order_number}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.order_number}` })).toBeVisible();
  const book = admin.getByRole('region', { name: paidBook.title });
  await expect(book.getByText('40 pages')).toBeVisible();

  const [download] = await Promise.all([admin.waitForEvent('download'), book.getByRole('button', { name: `Download book PDF of ${paidBook.title}` }).click()]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBe(paidBook.pdf_file.size_bytes);

  const [tab] = await Promise.all([admin.waitForEvent('popup'), book.getByRole('button', { name: `View book PDF of ${paidBook.title}` }).click()]);
  await tab.waitForURL(/^blob:/);
  const head = await tab.evaluate(async () => {
    const data = new Uint8Array(await (await fetch(location.href)).arrayBuffer());
    return String.fromCharCode(...data.subarray(0, 5));
  });
  expect(head).toBe('%PDF-');
  await adminContext.close();
  await viewer.close();
});

test('an admin changes a print book price and the public calculator quotes with it', async ({ page, request, browser }) => {
  // Matte (cover finish) of the print book: no other spec prices with it (the calculators take the first item,
  // the journeys Gloss), so the change cannot disturb them; it is put back at the end all the same.
  const pageCount = 100;
  const ids = await printBookConfiguration(
    request,
    { trim: 'US Trade', binding: 'Perfect Bound', interior: 'Standard Black & White', paper: '60# White-Uncoated', finish: 'Matte' },
    pageCount,
  );
  const quoteNow = async () => {
    const res = await request.post(`${e2e.apiUrl}/api/calculator/calculate/`, { data: { ...ids, page_count: pageCount, quantity: 1 } });
    expect(res.status(), await res.text()).toBe(200);
    return CalculateResponse.parse(await res.json()).total_cost;
  };
  const before = await quoteNow();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Books' }).click();
  await admin.getByRole('link', { name: 'Edit Print Book' }).click();
  await expect(admin.getByRole('heading', { name: 'Print Book Settings' })).toBeVisible();
  const matte = admin.getByRole('spinbutton', { name: 'Matte price', exact: true });
  const original = await matte.inputValue();
  const raised = (Math.round(Number(original) * 100) + 25) / 100;
  await matte.fill(raised.toFixed(2));
  const save = admin.getByRole('button', { name: `${messages.admin.saveChanges} (1)` });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(admin.getByText(messages.admin.priceEditors.calculator.saved)).toBeVisible();

  try {
    // The public calculator prices Matte 25 cents dearer per book.
    const after = await quoteNow();
    expect(Math.round(Number(after) * 100) - Math.round(Number(before) * 100)).toBe(25);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${e2e.webUrl}/calculator/printbook`);
    const form = page.locator('form[aria-label$="price calculator"]');
    await choose(form.getByLabel('Trim Size'), 'US Trade');
    await form.getByLabel('Page Count').fill(String(pageCount));
    await form.getByLabel('Page Count').blur();
    await choose(form.getByLabel('Binding'), 'Perfect Bound');
    await choose(form.getByLabel('Interior Color'), 'Standard Black & White');
    await choose(form.getByLabel('Paper Type'), '60# White-Uncoated');
    await choose(form.getByLabel('Cover Finish'), 'Matte');
    await form.getByLabel('Quantity').fill('1');
    await form.getByRole('button', { name: 'Calculate Price' }).click();
    await expect(page.getByTestId('quote-total')).toHaveText(usd(after));
  } finally {
    // Put the price back through the same editor (saved: no change is pending any more).
    await matte.fill(original);
    await admin.getByRole('button', { name: `${messages.admin.saveChanges} (1)` }).click();
    await expect(admin.getByRole('button', { name: messages.admin.saveChanges, exact: true })).toBeDisabled();
    await adminContext.close();
  }
  expect(await quoteNow()).toBe(before);
});
