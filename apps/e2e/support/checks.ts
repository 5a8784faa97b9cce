/** Small assertions and formats several specs share. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

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

/** axe-core's serious and critical violations on the page as it is now, as "rule: targets" lines. */
export async function seriousAxeViolations(page: Page) {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the pages' CSP forbids inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate((axeSource ??= readFileSync(axePath, 'utf8')));
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe;
    // Only the violations are gathered: every rule still runs, but the passes and incomplete results (most of
    // axe's time on a long page) are not serialised (axe-core's documented `resultTypes` option).
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/**
 * Everything that does not fit the viewport: the page scrolling sideways (document.scrollingElement wider than
 * the window), any visible element reaching past the window's right edge, any element cut off by an ancestor that
 * hides overflow (a table in a 290 px box), and text cut short with an ellipsis. Content inside a box that scrolls
 * (overflow-x: auto) is fine: it scrolls inside its box. Answers one line per problem, at most 20.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > width) problems.push(`the page is ${scroller.scrollWidth} px wide in a ${width} px window`);
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const scrolls = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (problems.length >= 20) break;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (style.textOverflow === 'ellipsis' && clips(style) && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`text cut short: ${describe(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
        continue;
      }
      // The nearest ancestor that clips sideways, if any.
      let box: Element | null = el.parentElement;
      while (box && box !== document.body && !clips(getComputedStyle(box))) box = box.parentElement;
      if (box && box !== document.body) {
        const boxStyle = getComputedStyle(box);
        const boxRect = box.getBoundingClientRect();
        // A visually hidden label (1 px box), content that scrolls inside its box and a carousel's tiles (its arrows
        // and keys move them into view) are meant to be so.
        if (scrolls(boxStyle) || boxRect.width <= 1 || box.closest('[aria-roledescription="carousel"]')) continue;
        if (rect.right > boxRect.right + 1 || rect.left < boxRect.left - 1)
          problems.push(`cut off by its box: ${describe(el)} (${Math.round(rect.left)}–${Math.round(rect.right)} px in ${Math.round(boxRect.left)}–${Math.round(boxRect.right)} px)`);
        continue;
      }
      if (rect.right > width + 1 && rect.left < width) problems.push(`past the window's right edge: ${describe(el)} (to ${Math.round(rect.right)} px)`);
    }
    return problems;
  });
}

/** The next answer of the API at `path` (a pathname, e.g. '/api/shipping-rate/') to a `method` request. */
export const apiResponse = (page: Page, path: string, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method);
