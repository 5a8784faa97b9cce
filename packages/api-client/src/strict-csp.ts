/**
 * Import this first in an SPA's entry (main.tsx). zod 4 checks once whether it may compile validators with
 * `new Function` (a try/catch around `Function('')`); the SPAs' Content-Security-Policy forbids eval
 * (tooling/vite/security-headers.js), so the browser refuses and reports a CSP violation on every page that parses
 * a response. Told to stay jitless, zod never tries: the same results, interpreted.
 * @see https://zod.dev/packages/core#configuration
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
