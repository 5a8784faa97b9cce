/**
 * The cover size calculator against the real API and its seeded catalog (docs/decisions/0055): a visitor chooses a
 * book, sees the spine width the server computed (6 x 9 in, 300 pages on 60# white: 300 / 444 + 0.06 = 0.736 in),
 * the drawn spread, and downloads the cover template: a one-page PDF whose page is the full cover in points.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { CoverDimensionsResponse } from '@bindery/contracts/store/cover';
import { apiResponse, noSidewaysScroll, seriousAxeViolations } from '../support/checks.js';
import { e2e } from '../support/env.js';

test('a visitor sizes a cover, sees the server’s spine width and downloads the template PDF', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${e2e.webUrl}/products/print-book`);
  await page.getByRole('link', { name: 'Cover size calculator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cover size calculator' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Cover size' });
  await form.getByLabel('Trim Size').selectOption({ label: 'US Trade — 6 × 9 in' });
  await form.getByLabel('Binding').selectOption({ label: 'Perfect Bound' });
  await form.getByLabel('Paper Type').selectOption({ label: '60# White-Uncoated' });
  await form.getByLabel('Page Count').fill('300');
  const answer = apiResponse(page, '/api/cover-dimensions/', 'GET');
  await form.getByRole('button', { name: 'Show cover size' }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  const cover = CoverDimensionsResponse.parse(await response.json());
  expect(cover.inches.spine_width).toBe(0.736);

  const result = page.getByRole('region', { name: 'Your cover' });
  await expect(result.getByTestId('spine-width')).toHaveText(
    `Spine width: ${cover.inches.spine_width} in (${cover.millimetres.spine_width} mm)`,
  );
  await expect(result.getByRole('img', { name: /Cover diagram/ })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await result.getByRole('link', { name: 'Download the cover template (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('cover-template-us-trade-perfect-bound-300p.pdf');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getPage(0).getSize()).toEqual({ width: cover.points.width, height: cover.points.height });
});
