/** Small assertions and formats several specs share. */
import { expect, type Page } from '@playwright/test';

/** "1234.5" → "$1,234.50": how the apps show a server amount (the digits are the server's). */
export const usd = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
};

/** The page is no wider than the viewport (no sideways scrolling on a phone). */
export async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} is wider than the viewport`).toBeLessThanOrEqual(0);
}
