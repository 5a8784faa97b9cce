/**
 * The interior's print check in Chromium against the production builds (docs/decisions/0060): a customer uploads an
 * A4 file for a US Trade book, reads on the design page what is wrong, on which pages and how to fix it, cannot
 * print it, sees the file drawn in the preview with its pages marked (ADR 0073), changes the trim to the one the
 * finding names; then uploads a cover made for another page count, reads which spine it was made for and which
 * this book needs, finds the template of this very book, uploads the right cover (ADR 0069) and goes on to the shop.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CoverDimensionsResponse } from '@bindery/contracts/store/cover';
import { makeInteriorPdf } from '../support/books.js';
import { createCustomer, logInOnWeb } from '../support/customer.js';
import { e2e } from '../support/env.js';

async function chooseCard(page: Page, group: string, name: string) {
  const radio = page.getByRole('group', { name: group }).getByRole('radio', { name, exact: true });
  await expect(radio).toBeEnabled();
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

async function chooseTrim(select: Locator, name: string) {
  await expect(select).toBeEnabled();
  const value = await select.evaluate(
    (el: HTMLSelectElement, wanted) =>
      Array.from(el.options).find((o) => o.text.startsWith(wanted))?.value ?? '',
    name,
  );
  await select.selectOption(value);
}

/** The full cover the server computes for the book of this query at another page count (its points). */
async function coverAt(request: APIRequestContext, query: URLSearchParams, pages: number) {
  const at = new URLSearchParams(query);
  at.set('page_count', String(pages));
  const res = await request.get(`${e2e.apiUrl}/api/cover-dimensions/?${at.toString()}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as CoverDimensionsResponse;
}

/** "0.74" as the check writes inches. */
const inches = (pt: number) => String(Math.round((pt / 72) * 100 + 1e-7) / 100);

/** How many pixels of a canvas are painted darker than white (the page's text drawn by PDF.js). */
function inkedPixels(canvas: HTMLCanvasElement): number {
  const context = canvas.getContext('2d');
  if (!context) return 0;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200 && (data[i + 3] ?? 0) > 0) inked += 1;
  return inked;
}

test('a wrong-size interior and a cover for another page count are explained, stop printing, and their fixes let the book go on', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const cspReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
  });
  const customer = await createCustomer(request, 'Preflight');
  await logInOnWeb(page, customer);
  const title = `A4 Book ${Date.now()}`;
  await page.goto(`${e2e.webUrl}/start-project`);
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Book Category').selectOption('Print Book');
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await page.waitForURL(`${e2e.webUrl}/design-project`);

  const a4 = await makeInteriorPdf(40, title, [595.28, 841.89]);
  await page
    .getByLabel('Interior PDF')
    .setInputFiles({ name: 'a4.pdf', mimeType: 'application/pdf', buffer: a4 });
  await expect(page.getByText('Uploaded a4.pdf · 40 pages')).toBeVisible();
  await chooseTrim(page.getByLabel('Trim Size'), 'US Trade');
  await chooseCard(page, 'Binding', 'Perfect Bound');
  await chooseCard(page, 'Interior Color', 'Standard Black & White');
  await chooseCard(page, 'Paper Type', '60# White-Uncoated');
  await chooseCard(page, 'Cover Finish', 'Matte');

  const check = page.getByRole('region', { name: 'Print check' });
  const pageSize = check.getByRole('listitem').filter({ hasText: 'Page size' });
  await expect(pageSize).toContainText('Error');
  await expect(pageSize).toContainText('pages 1–40');
  await expect(pageSize).toContainText(
    'This file is 8.27 × 11.69 in (210 × 297 mm): choose A4, or upload a file of US Trade size',
  );
  const print = page.getByRole('button', { name: 'Print Your Book' });
  await expect(print).toBeDisabled();

  // The preview (ADR 0073): PDF.js draws page 1 with pixels, a spread on this wide screen, marked with its
  // finding; the finding's link brings its page back from another spread; the CSP lets PDF.js's worker run.
  const preview = page.getByRole('region', { name: 'Preview' });
  const page1 = preview.getByRole('img', { name: 'Page 1', exact: true });
  await expect(page1).toHaveAttribute('data-rendered', 'true');
  expect(await page1.evaluate(inkedPixels)).toBeGreaterThan(20);
  await expect(preview.locator('figure[data-findings="error"]')).toContainText('Error: Page size');
  await expect(preview.getByTestId('preview-guides')).toBeVisible();
  await preview.getByRole('spinbutton').fill('10');
  await preview.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(preview.getByRole('img', { name: 'Page 11', exact: true })).toHaveAttribute(
    'data-rendered',
    'true',
  );
  await expect(page1).toHaveCount(0);
  await expect(preview.locator('[data-spread]')).toHaveAttribute('data-spread', '10-11');
  // A phone shows one page at a time.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(preview.locator('[data-spread]')).toHaveAttribute('data-spread', '10');
  await page.setViewportSize({ width: 1280, height: 900 });
  await pageSize.getByRole('button', { name: 'Show page 1 in the preview' }).click();
  await expect(page1).toHaveAttribute('data-rendered', 'true');
  // A PDF cover is drawn too, with the spine's two folds of this book's cover geometry; then removed again.
  await page.getByLabel('Cover design').setInputFiles({
    name: 'cover.pdf',
    mimeType: 'application/pdf',
    buffer: await makeInteriorPdf(1, title, [900, 666]),
  });
  const coverPreview = page.getByRole('region', { name: 'Cover preview' });
  await expect(coverPreview.getByRole('img', { name: 'Cover' })).toHaveAttribute('data-rendered', 'true');
  await expect(coverPreview.locator('.p-guide--fold')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(coverPreview).toHaveCount(0);
  expect(cspReports).toEqual([]);

  // The fix the finding names: the A4 trim (its own binding row).
  await chooseTrim(page.getByLabel('Trim Size'), 'A4');
  await chooseCard(page, 'Binding', 'Perfect Bound');
  await expect(pageSize).toContainText('OK');
  await expect(pageSize).toContainText('Every page is A4.');
  await expect(print).toBeEnabled();

  // The cover (ADR 0069): the template of this very book (A4, 40 pages) is offered; a cover made for a 300-page
  // book is told which spine it was made for and which this book needs, and stops printing; the right one passes.
  const coverCheck = page.getByRole('region', { name: 'Cover check' });
  const template = coverCheck.getByRole('link', { name: 'Download the cover template (PDF)' });
  const templateUrl = new URL((await template.getAttribute('href')) ?? '', page.url());
  expect(templateUrl.searchParams.get('page_count')).toBe('40');
  const templatePdf = await request.get(templateUrl.href);
  expect(templatePdf.status()).toBe(200);
  expect(templatePdf.headers()['content-type']).toContain('application/pdf');
  const [thick, right] = await Promise.all([
    coverAt(request, templateUrl.searchParams, 300),
    coverAt(request, templateUrl.searchParams, 40),
  ]);
  const coverInput = page.getByLabel('Cover design');
  await coverInput.setInputFiles({
    name: 'cover-300.pdf',
    mimeType: 'application/pdf',
    buffer: await makeInteriorPdf(1, title, [thick.points.width, thick.points.height]),
  });
  const coverSize = coverCheck.getByRole('listitem').filter({ hasText: 'Cover size' });
  await expect(coverSize).toContainText('Error');
  await expect(coverSize).toContainText(
    `This cover was made for a ${inches(thick.points.spine_width)} in spine; a ${right.printed_page_count}-page book needs ${inches(right.points.spine_width)} in.`,
  );
  await expect(print).toBeDisabled();
  await coverInput.setInputFiles({
    name: 'cover.pdf',
    mimeType: 'application/pdf',
    buffer: await makeInteriorPdf(1, title, [right.points.width, right.points.height]),
  });
  await expect(coverSize).toContainText('OK');
  await expect(coverCheck).toContainText('This cover passed the print checks.');
  await expect(print).toBeEnabled();
  await print.click();
  await page.waitForURL(`${e2e.webUrl}/shop`);
});
