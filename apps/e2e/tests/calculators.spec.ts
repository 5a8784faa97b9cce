/**
 * The seven public calculators against the real API and its seeded price lists: each one loads its options,
 * prices a configuration and shows exactly the numbers the API answered. Plus screenshots of home and a
 * calculator at 375 px and 1280 px (kept in test-results/screenshots/), no sideways scrolling, and axe checks.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { noSidewaysScroll, seriousAxeViolations, usd } from '../support/checks.js';
import { e2e } from '../support/env.js';

const here = dirname(fileURLToPath(import.meta.url));
const screenshots = resolve(here, '../test-results/screenshots');

const calculators = [
  { path: '/calculator/printbook', slug: 'calculator', title: 'Print Book Pricing' },
  { path: '/calculator/comicbook', slug: 'comicbook', title: 'High-Quality Comic Printing' },
  { path: '/calculator/photobook', slug: 'photobook', title: 'High-Quality Photo Printing' },
  { path: '/calculator/magazine', slug: 'magazine', title: 'High-Quality Magazine Printing' },
  { path: '/calculator/yearbook', slug: 'yearbook', title: 'Custom Yearbook Printing' },
  { path: '/calculator/calender', slug: 'calender', title: 'Custom Calendar Printing' },
  { path: '/pricing-calculator', slug: 'pricing', title: 'Thesis Binding Pricing' },
];

/** Picks the first choosable item of every empty select of the form (extras too), top to bottom. */
async function fillSelects(page: Page) {
  const form = page.locator('form[aria-label$="price calculator"]');
  const selects = form.locator('select');
  const count = await selects.count();
  for (let i = 0; i < count; i += 1) {
    const select = selects.nth(i);
    await expect(select).toBeEnabled();
    if ((await select.inputValue()) !== '') continue;
    const value = await select.evaluate((el: HTMLSelectElement) => Array.from(el.options).find((o) => o.value !== '' && !o.disabled)?.value ?? '');
    expect(value, `an option to choose in select ${i}`).not.toBe('');
    await select.selectOption(value);
  }
}

for (const calc of calculators) {
  test(`${calc.title}: prices a configuration and shows the API's numbers`, async ({ page }) => {
    await page.goto(`${e2e.webUrl}${calc.path}`);
    await expect(page.getByRole('heading', { level: 1, name: calc.title })).toBeVisible();
    await expect(page.getByText('Pricing Calculator', { exact: true })).toBeVisible();
    const form = page.locator('form[aria-label$="price calculator"]');
    await expect(form.getByLabel('Quantity')).toBeVisible();

    const trim = form.getByLabel('Trim Size');
    if (await trim.count()) {
      const first = await trim.evaluate((el: HTMLSelectElement) => el.options[1]?.value ?? '');
      await trim.selectOption(first);
    }
    const pages = form.getByLabel('Page Count');
    if (await pages.count()) {
      await pages.fill('100');
      await pages.blur();
    }
    await fillSelects(page);
    await form.getByLabel('Quantity').fill('150');

    const answer = page.waitForResponse((r) => r.url().includes(`/api/${calc.slug}/calculate/`) && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Calculate Price' }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    // The answer as its contract says it is: a field renamed or dropped fails here, not only on the page.
    const quote = CalculateResponse.parse(await response.json());
    expect(quote.discount_percent).toBe(5);

    const result = page.getByTestId('quote-result');
    await expect(result.getByTestId('quote-cost-per-book')).toHaveText(usd(quote.cost_per_book));
    await expect(result.getByTestId('quote-total')).toHaveText(usd(quote.total_cost));
    await expect(result.getByTestId('quote-original-total')).toHaveText(usd(quote.original_total_cost ?? quote.total_cost));
    await expect(result.getByTestId('quote-discount')).toHaveText(`−${usd(quote.discount_amount ?? '0')}`);
    await expect(result.getByText('Bulk discount (5%, 100–499 copies)')).toBeVisible();
    const perBook = await result.locator('tbody tr td:last-child').allTextContents();
    expect(perBook).toEqual(quote.tiers.map((t) => usd(t.cost_per_book)));

    await page.evaluate(() => window.scrollTo(0, 0));
    if (calc.slug === 'calculator') {
      await page.screenshot({ path: `${screenshots}/calculator-quote-1280.png`, fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
    }

    // Changing any field clears the result.
    await form.getByLabel('Quantity').fill('151');
    await expect(result).toHaveCount(0);
  });
}

test('the thesis calculator offers its eight option kinds and the photo book its extras', async ({ page }) => {
  await page.goto(`${e2e.webUrl}/pricing-calculator`);
  for (const label of ['Binding', 'Spine', 'Exterior Color', 'Foil Stamping', 'Screen Stamping', 'Corner Protector', 'Interior Color', 'Paper Type']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await page.goto(`${e2e.webUrl}/calculator/photobook`);
  for (const label of ['Spine', 'Exterior Color', 'Foil Stamping', 'Screen Stamping']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
});

for (const width of [375, 1280]) {
  test(`home and a calculator at ${width} px: no sideways scrolling, no serious axe violations, screenshots`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${e2e.webUrl}/`);
    await expect(page.getByRole('link', { name: 'Get an Instant Quote' })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${screenshots}/home-${width}.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Get an Instant Quote' }).click();
    await expect(page).toHaveURL(/\/calculator\/printbook$/);
    await expect(page.getByLabel('Trim Size')).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${screenshots}/calculator-${width}.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    if (width === 375) {
      const menu = page.getByRole('button', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await menu.click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
    }
  });
}

test("a product page (reached by the header's spelling) lists the API's trim sizes, bindings and papers", async ({ page, request }) => {
  const dropdowns = (await (await request.get(`${e2e.apiUrl}/api/calculator/dropdowns/`)).json()) as Record<
    string,
    { name: string; dimensions?: string }[]
  >;
  await page.goto(`${e2e.webUrl}/products/printbook`);
  await expect(page).toHaveURL(/\/products\/print-book$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Print Books' })).toBeVisible();
  for (const [title, key] of [
    ['Trim sizes', 'trim_sizes'],
    ['Bindings', 'bindings'],
    ['Papers', 'paper_types'],
  ] as const) {
    // A trim size reads with its dimensions, as the catalog gives them ("US Trade — 6 × 9 in"; ADR 0058).
    const names = [
      ...new Set((dropdowns[key] ?? []).map((i) => (i.dimensions ? `${i.name} — ${i.dimensions.replace(/ x /g, ' × ')}` : i.name))),
    ];
    expect(names.length).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('listitem')).toHaveText(names);
  }
  await expect(page.getByRole('link', { name: 'Price your print book' })).toHaveAttribute('href', '/calculator/printbook');
});
