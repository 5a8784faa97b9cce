/**
 * The security headers of both SPAs, in one place: the `start` servers (`vite preview`, spa.js) send them from
 * here, and deploy/nginx-security-headers.conf says exactly the same for nginx (security-headers.test.js compares
 * the two, so they cannot drift apart).
 *
 * - Content-Security-Policy without inline script or style: Vite's production build loads everything from files
 *   (index.html has no inline script; checked in apps/e2e), React sets styles through the CSSOM (allowed), files
 *   the admin views are blob: URLs (Chromium's PDF viewer shows them under object-src 'none': checked), and the
 *   API is the SPA's own origin (/api, docs/decisions/0007).
 *   frame-ancestors 'none' (and X-Frame-Options for old browsers): no page of ours can be framed (clickjacking).
 * - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin, so the tokens in the
 *   verify-email and reset-password paths never leave this origin in a Referer.
 * The dev server (`vite`) sends none of these: its hot reload needs inline script.
 * The API sets its own headers (apps/api/src/plugins/external/security.ts); proxied /api answers keep those.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Content_Security_Policy_Cheat_Sheet.html
 */

/** CSP directives, in the order they are sent. */
export const SPA_CSP_DIRECTIVES = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  // blob: the admin views a file as a blob: document, which inherits this policy; reading a blob this page made
  // back (as the e2e suite does to check it) is a fetch of blob:, and exposes nothing.
  ['connect-src', "'self' blob:"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/**
 * @param {{ apiOrigin?: string }} [options] an API on another origin (a build with VITE_API_URL) the pages may call
 * @returns {Record<string, string>}
 */
export function spaSecurityHeaders({ apiOrigin } = {}) {
  const csp = SPA_CSP_DIRECTIVES.map(([name, value]) =>
    name === 'connect-src' && apiOrigin ? `${name} ${value} ${apiOrigin}` : `${name} ${value}`,
  ).join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * The origin of VITE_API_URL (a build that calls an API elsewhere), or undefined for the same origin.
 * @param {string | undefined} url
 * @returns {string | undefined}
 */
export function apiOriginOf(url) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
