/**
 * The screenshots of the docs (docs/screenshots/, linked from docs/screenshots/README.md): a customer designing a
 * print book with a real PDF and the option cards, the shop with the cart's project and a Texas address priced,
 * the payment page of the order, and the admin's Manage Orders, each at 375 and 1280 px.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  chooseOptionCard,
  createOrder,
  createPrintBookProject,
  fillTexasAddress,
  makeInteriorPdf,
} from '../support/books.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb, type Customer } from '../support/customer.js';
import { e2e } from '../support/env.js';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
const WIDTHS = [375, 1280] as const;

let customer: Customer;
let userId: number;
let orderId: number;
let project: { id: number; title: string; category: string };

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, 'Shots');
  const login = await apiLogIn(request, customer);
  userId = login.userId;
  const made = await createPrintBookProject(request, login.token, {
    title: 'The Lighthouse Keeper',
    pages: 120,
    quantity: 25,
  });
  project = { id: made.id, title: made.title, category: made.category };
  orderId = (await createOrder(request, login.token, [made.id])).id;
});

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({
    path: `${out}/${name}-${width}.png`,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });

for (const width of WIDTHS) {
  test(`customer pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInOnWeb(page, customer);

    // The design page: a real PDF counted by the server, a trim size and the four option card groups chosen.
    await page.goto(`${e2e.webUrl}/start-project`);
    await page.getByLabel('Project Title').fill('The Lighthouse Keeper');
    await page.getByLabel('Book Language').selectOption('english');
    await page.getByLabel('Book Category').selectOption('Print Book');
    await page.getByRole('button', { name: 'Design Your Project' }).click();
    await page.waitForURL(`${e2e.webUrl}/design-project`);
    await page.getByLabel('Interior PDF').setInputFiles({
      name: 'lighthouse-keeper.pdf',
      mimeType: 'application/pdf',
      buffer: await makeInteriorPdf(120, 'The Lighthouse Keeper'),
    });
    await expect(page.getByLabel('Page Count')).toHaveValue('120');
    const trim = page.getByLabel('Trim Size');
    const us = await trim.evaluate(
      (el: HTMLSelectElement) =>
        Array.from(el.options).find((o) => o.text.startsWith('US Trade'))?.value ?? '',
    );
    await trim.selectOption(us);
    await chooseOptionCard(page, 'Binding', 'Perfect Bound');
    await chooseOptionCard(page, 'Interior Color', 'Standard Black & White');
    await chooseOptionCard(page, 'Paper Type', '60# Cream-Uncoated');
    await chooseOptionCard(page, 'Cover Finish', 'Matte');
    await page.getByLabel('Quantity', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Calculate', exact: true }).click();
    await expect(page.getByTestId('quote-total')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'design-project', width);

    // The shop: the cart's project, a Texas address, the services priced and one chosen.
    await page.evaluate(({ key, item }) => localStorage.setItem(key, JSON.stringify([item])), {
      key: `cart_${userId}`,
      item: project,
    });
    await page.goto(`${e2e.webUrl}/shop`);
    await fillTexasAddress(page);
    await page.getByRole('button', { name: 'Calculate Shipping Rate' }).click();
    // The server chooses the cheapest service.
    await expect(page.getByTestId('selected-service')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'shop', width);

    // The payment page of the order awaiting payment.
    await page.goto(`${e2e.webUrl}/payment?order=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.locator('.b-spinner')).toHaveCount(0);
    await shot(page, 'payment', width);
  });

  test(`admin Manage Orders at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsAdmin(page);
    await page.goto(`${e2e.adminUrl}/admin/orders`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.b-spinner')).toHaveCount(0);
    await expect(page.getByText(customer.email).first()).toBeVisible();
    await shot(page, 'admin-manage-orders', width);
  });
}
