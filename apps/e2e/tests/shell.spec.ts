/** The three production apps start, render, and reach the API and its database from the browser. */
import { expect, test } from '@playwright/test';
import { e2e } from '../support/env';

test('the web app renders and reaches the API through its own origin', async ({ page }) => {
  await page.goto(`${e2e.webUrl}/status`);
  await expect(page.getByRole('link', { name: 'Bindery home' })).toBeVisible();
  await expect(page.getByTestId('service-status')).toContainText('API online');
  await expect(page.getByTestId('service-status')).toContainText(`database reachable (${e2e.databaseLabel})`);
});

test('the admin app renders on its own origin and reaches the API', async ({ page }) => {
  // The admin pages need an admin session: the app sends a visitor to its own /login first.
  await page.goto(`${e2e.adminUrl}/admin`);
  await page.waitForURL(`${e2e.adminUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(e2e.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(e2e.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('service-status')).toContainText(`database reachable (${e2e.databaseLabel})`);
  expect(new URL(e2e.adminUrl).origin).not.toBe(new URL(e2e.webUrl).origin);
});

test('the API serves its OpenAPI document and browsable docs', async ({ page, request }) => {
  const doc = await request.get(`${e2e.apiUrl}/api/docs/json`);
  expect(doc.ok()).toBe(true);
  const body: unknown = await doc.json();
  expect(body).toHaveProperty('openapi', expect.stringMatching(/^3\./));
  await page.goto(`${e2e.apiUrl}/api/docs`);
  // Swagger UI parses a 1.5 MB bundle and then the whole document: on a busy 2-core machine that alone has taken
  // 10–22 s (the CI run's 6.5 s on a quiet one), so this one wait is longer than the default.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Bindery API', { timeout: 45_000 });
});

test('a deep link into the web SPA is served (history fallback) and unknown pages show a 404 page', async ({ page }) => {
  await page.goto(`${e2e.webUrl}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
