/**
 * The SPAs under their Content-Security-Policy (tooling/vite/security-headers.js; the `start` servers send it, as
 * nginx does in Docker): every main page of web and admin renders and works with no CSP violation reported, the
 * built index.html has no inline script or style, and the pages carry the headers. The API's own JSON answers and
 * its docs page keep the API's headers.
 */
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, logInAsAdmin, logInOnWeb } from '../support/customer.js';
import { defined } from '../support/defined.js';
import { e2e } from '../support/env.js';

/** Collects CSP violations of every page of the context (events and console reports), from the first script on. */
async function watchCsp(page: Page) {
  const reports: string[] = [];
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.context().on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text()))
      reports.push(`${message.page()?.url()}: ${message.text()}`);
  });
  return reports;
}

/** Visits each path, waits until the page has rendered its main content and settled, and checks its headers. */
async function visit(page: Page, origin: string, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status(), path).toBe(200);
    const headers = defined(response, `the response of ${path}`).headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
}

test('the built pages have no inline script or style', async ({ request }) => {
  for (const origin of [e2e.webUrl, e2e.adminUrl]) {
    const html = await (await request.get(`${origin}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length, origin).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes, origin).toMatch(/\bsrc=/);
      expect(defined(body, 'a script body').trim(), origin).toBe('');
    }
    expect(html, origin).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  }
});

test('the web app’s public pages run under the CSP with no violation', async ({ page }) => {
  const reports = await watchCsp(page);
  await visit(page, e2e.webUrl, ['/', '/pricing', '/status', '/login']);
  expect(reports).toEqual([]);
});

test('the web app’s forms and calculators work under the CSP with no violation', async ({ page }) => {
  const reports = await watchCsp(page);
  await visit(page, e2e.webUrl, [
    '/signup',
    '/reset-password',
    '/no/such/page',
    '/pricing-calculator',
    '/calculator/printbook',
  ]);
  // The options load through the API and the form can be used.
  await expect(page.locator('form[aria-label$="price calculator"] select').first()).toBeEnabled();
  expect(reports).toEqual([]);
});

test('the web app’s customer pages run under the CSP with no violation', async ({ page, request }) => {
  const reports = await watchCsp(page);
  const customer = await createCustomer(request, 'Csp');
  await logInOnWeb(page, customer);
  await visit(page, e2e.webUrl, ['/account-settings', '/userdashboard', '/start-project', '/orders']);
  expect(reports).toEqual([]);
});

test('the admin app’s dashboard and books run under the CSP with no violation', async ({ page }) => {
  const reports = await watchCsp(page);
  await visit(page, e2e.adminUrl, ['/login']);
  await logInAsAdmin(page);
  await visit(page, e2e.adminUrl, ['/admin', '/manage-books']);
  expect(reports).toEqual([]);
});

test('the admin app’s orders and users run under the CSP with no violation', async ({ page }) => {
  const reports = await watchCsp(page);
  await logInAsAdmin(page);
  await visit(page, e2e.adminUrl, ['/admin/orders', '/manage-users']);
  expect(reports).toEqual([]);
});

test('a page of ours cannot be framed by another site', async ({ page }) => {
  const reports: string[] = [];
  page.on('console', (message) => reports.push(message.text()));
  // A page without any policy of its own (about:blank) frames the web app and the admin app.
  await page.setContent(
    `<iframe src="${e2e.webUrl}/login"></iframe><iframe src="${e2e.adminUrl}/login"></iframe>`,
  );
  await expect.poll(() => reports.filter((r) => /frame-ancestors 'none'/.test(r)).length).toBe(2);
});
