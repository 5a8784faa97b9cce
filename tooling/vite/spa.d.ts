import type { UserConfig } from 'vitest/config';

/** The shared SPA Vite/Vitest config; see spa.js. */
export declare function defineSpaConfig(app: { portVar: string; defaultPort: number }, overrides?: UserConfig): UserConfig;
