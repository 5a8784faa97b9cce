/**
 * e Book leads somewhere real (docs/decisions/0034), in Chromium against the production builds and the
 * payment fakes: a customer starts an e Book, uploads the interior PDF and a cover, sees the catalog's flat fee, buys
 * it, gives a billing address without a phone number (no shipping is offered), pays by card on the fake Stripe page,
 * is told the files are ready to download (not printed or shipped), and downloads the PDF from the order page, byte
 * for byte the file uploaded.
 */
import { expect, test } from '@playwright/test';
import jpeg from 'jpeg-js';
import { fillTexasAddress, makeInteriorPdf } from '../support/books.js';
import { apiResponse } from '../support/checks.js';
import { createCustomer, logInOnWeb } from '../support/customer.js';
import { e2e } from '../support/env.js';

/** A real JPEG (decodable: the server decodes covers), 600 × 900 px, encoded by jpeg-js as the API's tests do. */
function coverJpeg(): Buffer {
  const [width, height] = [600, 900];
  const data = Buffer.alloc(width * height * 4, 0x5a);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

test('a customer buys an e Book, pays by card and downloads its files from the order page', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'Ebook');
  await logInOnWeb(page, customer);
  const title = `Digital Book ${Date.now()}`;

  await page.goto(`${e2e.webUrl}/start-project`);
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Book Category').selectOption('e Book');
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await page.waitForURL(`${e2e.webUrl}/design-project`);

  const pdf = await makeInteriorPdf(24, title);
  await page
    .getByLabel('Interior PDF')
    .setInputFiles({ name: 'digital.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('Uploaded digital.pdf · 24 pages')).toBeVisible();
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: coverJpeg() });
  await expect(page.getByText(/Uploaded cover\.jpg/)).toBeVisible();
  // The flat fee from the catalog, whatever the length.
  await expect(page.getByTestId('ebook-fee')).toHaveText('$9.99');

  await page.getByRole('button', { name: 'Buy E-Book' }).click();
  await page.waitForURL(`${e2e.webUrl}/shop`);
  await expect(
    page.getByText('E-books are delivered as files: nothing is shipped.', { exact: false }),
  ).toBeVisible();
  // The billing address: the shop's one address form, which sets the tax (nothing is shipped), without the phone
  // number a carrier would need (docs/decisions/0059).
  const form = await fillTexasAddress(page, { phone: false });
  await expect(form.getByLabel('Phone number')).toHaveCount(0);
  // The total comes from the server: wait for its answer before going on (a click meanwhile submits nothing).
  const rated = apiResponse(page, '/api/shipping-rate/');
  await page.getByRole('button', { name: 'Calculate Total' }).click();
  expect((await rated).status()).toBe(200);
  await expect(page.getByText('Tax 8.25%: Texas individual sales tax')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Shipping service' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/payment\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  await page.getByRole('button', { name: /^Pay \$[\d.,]+ by card$/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  // Files, not a print run: the page speaks of downloads.
  await expect(page.getByText('download them from your order page', { exact: false })).toBeVisible();
  await expect(page.getByText('go to print', { exact: false })).toHaveCount(0);
  await page.getByRole('link', { name: 'See your order' }).click();
  await page.waitForURL(`${e2e.webUrl}/orders/${orderId}`);

  const downloads = page.getByRole('region', { name: 'Downloads' });
  await expect(downloads).toContainText(title);
  const download = page.waitForEvent('download');
  await downloads.getByRole('button', { name: `Download the PDF of ${title}` }).click();
  const file = await download;
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect(Buffer.compare(await readFile(path), pdf)).toBe(0);
});
