/**
 * Pages that come back from history work (docs/decisions/0052), in Chromium with its back/forward cache ON:
 * Playwright turns the cache off by default (--disable-back-forward-cache), which hid the bug a customer meets:
 * Back from the card provider's page showed /payment from the cache exactly as it was left, 'Processing...' and
 * every control disabled, until a reload. And scrolling: every full load starts at the top (it used to open where
 * the last full-loaded page had been left), a route change too, and Back restores where the page was.
 */
import { expect, test } from '@playwright/test';
import { fullBrowserLaunch } from '../playwright.config';
import { createOrder, createPrintBookProject } from '../support/books.js';
import { usd } from '../support/checks.js';
import { apiLogIn, createCustomer, logInOnWeb } from '../support/customer.js';
import { e2e } from '../support/env.js';

// The full browser: the headless shell has no back/forward cache (ADR 0080).
test.use({
  launchOptions: { ...fullBrowserLaunch, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});

declare global {
  interface Window {
    /** Set by this spec's init script at every pageshow: whether the page came from the back/forward cache. */
    bfcacheRestored?: boolean;
  }
}

test("Back from the card provider's page: /payment comes from the back/forward cache and pays again at once", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createCustomer(request, 'History');
  const { token } = await apiLogIn(request, customer);
  const book = await createPrintBookProject(request, token, {
    title: `History Book ${Date.now()}`,
    pages: 40,
    quantity: 2,
  });
  const placed = await createOrder(request, token, [book.id]);
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      window.bfcacheRestored = event.persisted;
    });
  });
  await logInOnWeb(page, customer);

  await page.goto(`${e2e.webUrl}/payment?order=${placed.id}`);
  const pay = page.getByRole('button', { name: `Pay ${usd(placed.total)} by card` });
  await pay.click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  // A page shown from the cache fires no load event: wait for the history step to commit only.
  await page.goBack({ waitUntil: 'commit' });
  await page.waitForURL(`${e2e.webUrl}/payment?order=${placed.id}`, { waitUntil: 'commit' });
  // The browser showed the page from its cache (no new load): what the customer meets in a real browser.
  expect(await page.evaluate(() => window.bfcacheRestored)).toBe(true);
  await expect(pay).toBeEnabled({ timeout: 2_000 });
  await expect(page.getByRole('radio', { name: /Credit card/ })).toBeEnabled();

  await pay.click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
});

test('every full load and route change starts at the top; Back restores where the page was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const scrollY = () => page.evaluate(() => window.scrollY);
  const scrollTo = async (y: number) => {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(scrollY).toBe(y);
  };

  await page.goto(`${e2e.webUrl}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollTo(500);
  // A typed address (a full load of another page): the top, not the last page's 500.
  await page.goto(`${e2e.webUrl}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
  await scrollTo(300);
  // A reload: the top as well (once the app has started: the browser may first put the old position back).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);

  // A route change inside the app (the footer's link, at the bottom of the page): the new page starts at the top.
  await page.goto(`${e2e.webUrl}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bottom = await scrollY();
  expect(bottom).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).first().click();
  await page.waitForURL(`${e2e.webUrl}/about`);
  await expect.poll(scrollY).toBe(0);
  // Back: /pricing where it was left.
  await page.goBack();
  await page.waitForURL(`${e2e.webUrl}/pricing`);
  await expect.poll(scrollY).toBe(bottom);
});
