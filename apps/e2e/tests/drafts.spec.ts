/**
 * Nothing is lost on reload or Back (docs/decisions/0038), in Chromium against the production builds:
 * the design page keeps its options and the uploaded PDF across a reload (the file shown as the server describes
 * it again), Back from the shop returns to the page filled as the edit of the project just made, the shop keeps
 * its address across a reload, and the dashboard offers an unfinished design with Resume.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
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
    (el: HTMLSelectElement, wanted) => Array.from(el.options).find((o) => o.text.startsWith(wanted))?.value ?? '',
    name,
  );
  await select.selectOption(value);
}

async function startDesign(page: Page, title: string) {
  await page.goto(`${e2e.webUrl}/start-project`);
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Book Category').selectOption('Print Book');
  await page.getByRole('button', { name: 'Design Your Project' }).click();
  await page.waitForURL(`${e2e.webUrl}/design-project`);
}

async function expectDesigned(page: Page) {
  await expect(page.getByText('Uploaded kept.pdf · 40 pages')).toBeVisible();
  await expect(page.getByLabel('Page Count')).toHaveValue('40');
  await expect(page.getByRole('group', { name: 'Binding' }).getByRole('radio', { name: 'Case Wrap', exact: true })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Cover Finish' }).getByRole('radio', { name: 'Gloss', exact: true })).toBeChecked();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('7');
}

test('the design page and the shop keep their state across reload and Back', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'Drafts');
  await logInOnWeb(page, customer);
  const title = `Kept Book ${Date.now()}`;
  await startDesign(page, title);

  await page.getByLabel('Interior PDF').setInputFiles({ name: 'kept.pdf', mimeType: 'application/pdf', buffer: await makeInteriorPdf(40, title) });
  await expect(page.getByText('Uploaded kept.pdf · 40 pages')).toBeVisible();
  await chooseTrim(page.getByLabel('Trim Size'), 'US Trade');
  await chooseCard(page, 'Binding', 'Case Wrap');
  await chooseCard(page, 'Interior Color', 'Premium Color');
  await chooseCard(page, 'Paper Type', '80# White-Coated');
  await chooseCard(page, 'Cover Finish', 'Gloss');
  await page.getByLabel('Quantity', { exact: true }).fill('7');

  // A reload: the same page, filled, the PDF asked of the server again.
  const restored = page.waitForResponse((r) => r.url().includes('/api/book/uploads/') && r.request().method() === 'GET');
  await page.reload();
  expect((await restored).status()).toBe(200);
  await expectDesigned(page);

  // The dashboard offers the unfinished design; Resume opens it filled.
  await page.goto(`${e2e.webUrl}/userdashboard`);
  const resume = page.getByRole('region', { name: 'Continue your design' });
  await expect(resume).toContainText(title);
  await resume.getByRole('link', { name: 'Resume' }).click();
  await page.waitForURL(`${e2e.webUrl}/design-project`);
  await expectDesigned(page);

  // Print, then Back from the shop: the page filled, as the edit of the project just made.
  await page.getByRole('button', { name: 'Print Your Book' }).click();
  await page.waitForURL(`${e2e.webUrl}/shop`);
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('First name').fill('Kept');
  await form.getByLabel('City').fill('Austin');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Shipping details' }).getByLabel('First name')).toHaveValue('Kept');
  await expect(page.getByRole('form', { name: 'Shipping details' }).getByLabel('City')).toHaveValue('Austin');

  await page.goBack();
  await page.waitForURL(`${e2e.webUrl}/design-project`);
  await expect(page.getByText(/You are editing this project/)).toBeVisible();
  await expectDesigned(page);
});
