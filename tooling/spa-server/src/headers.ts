/**
 * The headers of the SPA server's own answers (the build's files and the index.html fallback), in ONE place:
 * security headers belong here. /api answers are the API's and carry its headers (apps/api security.ts).
 * Mirrors the `add_header` lines of deploy/nginx-spa.conf.template, which serves the same files in docker-compose.
 */

import { apiOriginOf, spaSecurityHeaders } from '@bindery/vite-config/security-headers';

/**
 * On every answer of the SPA server: the SPAs' security headers (CSP, frame-ancestors, nosniff, referrer policy),
 * the same as `vite preview` and nginx send (@bindery/vite-config/security-headers). A build made with
 * VITE_API_URL calls that origin, which the CSP must allow.
 */
export const SPA_HEADERS: Readonly<Record<string, string>> = spaSecurityHeaders({
  apiOrigin: apiOriginOf(process.env.VITE_API_URL),
});

/** Vite's hashed build output: a file under this path never changes its content. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/**
 * Cache-Control by URL path: hashed assets are cached for a year; everything else (index.html above all, which
 * names the current assets) is revalidated on every visit, so a new build is seen at once.
 */
export function cacheControl(urlPath: string): string {
  return urlPath.startsWith(HASHED_ASSETS_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
