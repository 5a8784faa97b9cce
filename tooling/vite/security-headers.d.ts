/** The SPAs' security headers; see security-headers.js. */
export declare const SPA_CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]>;
export declare function spaSecurityHeaders(options?: { apiOrigin?: string }): Record<string, string>;
export declare function apiOriginOf(url: string | undefined): string | undefined;
