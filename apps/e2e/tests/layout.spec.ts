/**
 * Every route of both apps at 375, 768 and 1280 px: no page scrolls sideways, no table or text is cut
 * off by its box, and axe finds no serious or critical violation. The routes are read from the two routers'
 * source, and each must have a visit below: a new route fails this spec until it is given one. Visits run as the
 * page's real user, on real data: a customer with a project in the cart and an order awaiting payment, and the
 * admin. Also: the design page's estimates panel really collapses (a class setting `display` had overridden
 * `hidden`).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@bindery/contracts/store/checkout';
import type { Project } from '@bindery/contracts/store/projects';
import { createOrder, createPrintBookProject } from '../support/books.js';
import { layoutProblems, seriousAxeViolations } from '../support/checks.js';
import { apiLogIn, createCustomer, logInAsAdmin, logInOnWeb, type Customer } from '../support/customer.js';
import { e2e } from '../support/env.js';

// The widths are independent visits on data of their own: the two workers share them (ADR 0049).
test.describe.configure({ mode: 'parallel' });

const here = dirname(fileURLToPath(import.meta.url));
const WIDTHS = [375, 768, 1280] as const;

/** The route paths a router file declares: `path: '…'` literals and the `[…].map((path) …)` lists. */
function routerPaths(file: string): string[] {
  const source = readFileSync(resolve(here, file), 'utf8');
  const paths = [...source.matchAll(/path: '([^']*)'/g)].map((m) => m[1] as string);
  for (const list of source.matchAll(/\[((?:\s*'[^']*',?)+)\s*\]\.map\(\(path\)/g))
    paths.push(...[...(list[1] as string).matchAll(/'([^']*)'/g)].map((m) => m[1] as string));
  if (/index: true/.test(source)) paths.push('(index)');
  return [...new Set(paths)].sort();
}

interface Data {
  customer: Customer;
  userId: number;
  project: Project;
  order: Order;
}

/** How to open a route, and what to wait for before measuring (the page's own content, not a spinner). */
interface Visit {
  path: (data: Data) => string;
  as: 'guest' | 'customer' | 'admin';
  /** A heading the page shows once loaded (its level-1 heading by default). */
  heading?: string | RegExp;
  /** The page keeps a spinner on purpose (the success page waits for a payment this order never gets). */
  waits?: boolean;
  /** Loaded, not routed within the app: the route shows the previous visit's heading element unchanged. */
  load?: boolean;
}

const guest = (path: string, heading?: string | RegExp): Visit => ({
  path: () => path,
  as: 'guest',
  heading,
});
const customer = (path: string | ((d: Data) => string), heading?: string | RegExp): Visit => ({
  path: typeof path === 'string' ? () => path : path,
  as: 'customer',
  heading,
});
const admin = (path: string | ((d: Data) => string), heading?: string | RegExp): Visit => ({
  path: typeof path === 'string' ? () => path : path,
  as: 'admin',
  heading,
});

/** Keyed by the web router's paths. */
const WEB: Record<string, Visit> = {
  '/': guest('/'),
  '(index)': guest('/'),
  status: guest('/status'),
  about: guest('/about'),
  portfolio: { ...guest('/portfolio'), load: true },
  'print-shop': { ...guest('/print-shop'), load: true },
  pricing: guest('/pricing'),
  'products/:segment': guest('/products/print-book'),
  'resources/:segment': guest('/resources/guide-templates'),
  'resources/order-lookup': customer('/resources/order-lookup'),
  'calculator/:slug': guest('/calculator/printbook'),
  'pricing-calculator': { ...guest('/pricing-calculator'), load: true },
  'cover-size': guest('/cover-size'),
  login: guest('/login'),
  signup: guest('/signup'),
  'reset-password': guest('/reset-password'),
  'resend-verification': guest('/resend-verification'),
  'reset-password/:uidb64/:token': guest('/reset-password/MQ/not-a-token'),
  'verify-email/:uidb64/:token': guest('/verify-email/MQ/not-a-token'),
  'confirm-email/:uidb64/:emailb64/:token': guest('/confirm-email/MQ/YUBiLmM/not-a-token'),
  'account-settings': customer('/account-settings'),
  userdashboard: customer('/userdashboard'),
  'start-project': customer('/start-project'),
  'design-project': customer('/design-project', 'Design Your Project'),
  'cover-expert': customer('/cover-expert'),
  orders: customer('/orders'),
  'orders/:id': customer((d) => `/orders/${d.order.id}`),
  Shop: customer('/Shop'),
  shop: { ...customer('/shop'), load: true },
  payment: customer((d) => `/payment?order=${d.order.id}`),
  success: { ...customer((d) => `/success?order=${d.order.id}`), waits: true },
  cancel: customer((d) => `/cancel?order=${d.order.id}`),
  'payment/success': { ...customer((d) => `/payment/success?order=${d.order.id}`), waits: true },
  'payment/cancel': customer((d) => `/payment/cancel?order=${d.order.id}`),
  // Admin paths on the web app send the browser to the admin console: what it lands on is measured there.
  admin: guest('/admin'),
  'admin/*': guest('/admin/orders'),
  'manage-users': guest('/manage-users'),
  'manage-books': guest('/manage-books'),
  '*': guest('/no-such-page'),
};

/** Keyed by the admin router's paths. */
const ADMIN: Record<string, Visit> = {
  '/login': guest('/login'),
  '/': admin('/admin'),
  '(index)': admin('/'),
  admin: admin('/admin'),
  'admin/payment': admin('/admin/payment'),
  'admin/shipping': admin('/admin/shipping'),
  'manage-books': admin('/manage-books'),
  'admin/books/:book/edit': admin('/admin/books/printbook/edit'),
  'admin/orders': admin('/admin/orders'),
  'admin/order-info': admin((d) => `/admin/order-info?id=${d.order.id}`),
  'manage-users': admin('/manage-users'),
  'manage-users/:id': admin((d) => `/manage-users/${d.userId}`, /^API keys of /),
  'admin/resale-certificates': admin('/admin/resale-certificates'),
  'admin/price-history': admin('/admin/price-history'),
  'admin/production': admin('/admin/production'),
  '*': admin('/admin/no-such-page'),
};

test('every route of both routers has a visit here', () => {
  expect(Object.keys(WEB).sort()).toEqual(routerPaths('../../web/src/app/router.tsx'));
  expect(Object.keys(ADMIN).sort()).toEqual(routerPaths('../../admin/src/app/router.tsx'));
});

let data: Data;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  // A long address with no place to break it: Manage Orders' customer column must still fit 1280 px.
  const customer = await createCustomer(request, 'LayoutCustomerWithAnAddressLongerThanItsColumn');
  const { token, userId } = await apiLogIn(request, customer);
  const project = await createPrintBookProject(request, token, {
    title: 'A Layout Test With A Long Title For Tables',
    pages: 40,
    quantity: 3,
  });
  const order = await createOrder(request, token, [project.id]);
  data = { customer, userId, project, order };
});

/** The page's level-1 heading, or the one a visit names; with `fresh`, only one drawn since `routeWithin`. */
const pageHeading = (page: Page, visit: Visit, fresh = false) => {
  const heading = page
    .getByRole('main')
    .first()
    .getByRole('heading', { level: 1, ...(visit.heading ? { name: visit.heading } : {}) });
  return (fresh ? heading.and(page.locator(':not([data-left])')) : heading).first();
};

/**
 * Opens `url` as the app's own links do when the app is already open on its origin: a history entry and a popstate,
 * so the router renders the route without loading the app (and axe) again, about a third of a visit's time. The
 * headings on screen are marked first, so `settle` waits for the new page's own. A visit marked `load` (a route that
 * shows the page before's heading element as it is, such as /Shop then /shop) and any other origin load the page.
 * Answers whether it was routed.
 */
async function routeWithin(page: Page, url: string, visit: Visit): Promise<boolean> {
  const target = new URL(url);
  const here = page.url().startsWith('http') ? new URL(page.url()) : undefined;
  const path = `${target.pathname}${target.search}`;
  if (visit.load || here?.origin !== target.origin) return false;
  // The page's own location, read where the headings are marked: page.url() may not have caught up yet with a
  // route the app just took itself (after a login or a reload), and the page already there is loaded instead.
  return page.evaluate((to) => {
    if (`${window.location.pathname}${window.location.search}` === to) return false;
    document.querySelectorAll('h1, [role="heading"]').forEach((heading) => heading.setAttribute('data-left', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, path);
}

/** Whether a heading drawn since `routeWithin` shows within a few seconds. */
const freshHeading = (page: Page, visit: Visit) =>
  pageHeading(page, visit, true)
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );

/** Waits for the page's own content: its heading (when routed, one drawn since), and no loading indicator left. */
async function settle(page: Page, visit: Visit, routed: boolean) {
  await expect(pageHeading(page, visit, routed), "the new page's heading (one reused as it was: mark the visit 'load')").toBeVisible();
  if (!visit.waits) await expect(page.locator('.b-spinner')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function check(
  page: Page,
  app: 'web' | 'admin',
  key: string,
  visit: Visit,
  width: number,
  axe: boolean,
) {
  const base = app === 'web' ? e2e.webUrl : e2e.adminUrl;
  const url = `${base}${visit.path(data)}`;
  let routed = await routeWithin(page, url, visit);
  // Routing within the app only saves time: if no new heading shows (the app took a route of its own meanwhile, as
  // a session restored after a reload may), the page is loaded instead, and checked the same.
  if (routed && !(await freshHeading(page, visit))) routed = false;
  if (!routed) await page.goto(url);
  await settle(page, visit, routed);
  const where = `${app} ${key} (${url}) at ${width} px`;
  expect.soft(await layoutProblems(page), `${where}: nothing wider than the window or cut off`).toEqual([]);
  if (axe) expect.soft(await seriousAxeViolations(page), `${where}: axe`).toEqual([]);
  if (app === 'admin' && visit.as === 'admin' && width === 375) {
    // A staff page on a phone starts with its own content: the sidebar waits behind "Menu" (ADR 0066).
    const top = await page.getByRole('main').boundingBox();
    expect.soft(top?.y ?? Infinity, `${where}: the page's content starts near the top`).toBeLessThan(260);
    // The header is one row: the brand, Menu and Logout (who is signed in is read out, not drawn).
    const header = await page.getByRole('banner').boundingBox();
    expect.soft(header?.height ?? Infinity, `${where}: the header's height`).toBeLessThanOrEqual(72);
  }
  if (app === 'admin' && (key === 'admin/orders' || key === 'admin') && width === 1280) {
    // Order numbers and dates stay on one line at a desktop width (Manage Orders, the dashboard's latest orders):
    // their text makes one line box.
    const heights = await page.locator('table tbody tr:first-child td:nth-child(-n+2)').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      }),
    );
    expect.soft(heights.length, `${where}: the first row's number and date`).toBe(2);
    for (const lines of heights) expect.soft(lines, `${where}: one line for the number and the date`).toBe(1);
    // And the whole table fits: nothing (the row's "View Details") hidden behind a sideways scroll.
    const hidden = await page
      .locator('.b-table-wrap')
      .first()
      .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect.soft(hidden, `${where}: the table scrolls sideways by`).toBeLessThanOrEqual(0);
  }
}

for (const width of WIDTHS) {
  // axe at the narrowest and widest layouts; 768 px shares its markup with one of them.
  const axe = width !== 768;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`the web app's pages, as a guest`, async ({ page }) => {
      test.setTimeout(240_000);
      for (const [key, visit] of Object.entries(WEB).filter(([, v]) => v.as === 'guest'))
        await test.step(key, () => check(page, 'web', key, visit, width, axe));
    });

    test(`the web app's pages, as a customer with a project and an order`, async ({ page }) => {
      test.setTimeout(240_000);
      await logInOnWeb(page, data.customer);
      // The project is in the cart, as Print Your Book leaves it; the design page has a project to show.
      await page.evaluate(
        ({ userId, project }) => {
          localStorage.setItem(
            `cart_${userId}`,
            JSON.stringify([{ id: project.id, title: project.title, category: project.category }]),
          );
          localStorage.setItem(
            'projectData',
            JSON.stringify({ projectTitle: project.title, category: 'Print Book', language: 'english' }),
          );
        },
        { userId: data.userId, project: data.project },
      );
      // Loaded again, so the app starts from what is stored (the later visits are routed within it).
      await page.reload();
      for (const [key, visit] of Object.entries(WEB).filter(([, v]) => v.as === 'customer'))
        await test.step(key, () => check(page, 'web', key, visit, width, axe));
    });

    test(`the admin console's pages`, async ({ page }) => {
      test.setTimeout(240_000);
      await test.step('/login', () => check(page, 'admin', '/login', ADMIN['/login'] as Visit, width, axe));
      await logInAsAdmin(page);
      for (const [key, visit] of Object.entries(ADMIN).filter(([, v]) => v.as === 'admin'))
        await test.step(key, () => check(page, 'admin', key, visit, width, axe));
    });
  });
}

test('the estimates panel of the design page collapses and opens again', async ({ page }) => {
  await logInOnWeb(page, data.customer);
  await page.evaluate(() =>
    localStorage.setItem(
      'projectData',
      JSON.stringify({ projectTitle: 'Panel', category: 'Print Book', language: 'english' }),
    ),
  );
  await page.goto(`${e2e.webUrl}/design-project`);
  const toggle = page.getByRole('button', { name: 'Quantity and Shipping Estimates' });
  const quantity = page.getByLabel('Quantity', { exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(quantity).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(quantity).toBeHidden();
  await expect(page.getByRole('table', { name: 'Bulk discounts' })).toBeHidden();
  await toggle.click();
  await expect(quantity).toBeVisible();
});
