/**
 * The import direction of this SPA (ADR 0057, the rule in @bindery/vite-config/spa-imports): shared code
 * (components, lib, hooks, config) → features → app. A feature never imports another feature or the app (its
 * tests render through src/testing); src/app composes features.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importOffences, readSpaSources } from '@bindery/vite-config/spa-imports';

const sources = readSpaSources(dirname(fileURLToPath(import.meta.url)));

describe('the import direction', () => {
  it('reads the features it checks', () => {
    expect(sources.map((f) => f.path)).toContain('features/orders/lib/order-format.ts');
  });

  it('no feature imports another feature or the app, no shared code imports a feature', () => {
    expect(importOffences(sources)).toEqual([]);
  });
});
