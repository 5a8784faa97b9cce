import { describe, expect, it } from 'vitest';
import { importOffences } from './spa-imports.js';

const file = (path, ...imports) => ({
  path,
  source: imports.map((s) => `import { x } from '${s}';`).join('\n'),
});

describe('the SPAs’ import direction', () => {
  it('lets a feature import itself and shared code, and the app and the harness import anything', () => {
    expect(
      importOffences([
        file(
          'features/orders/components/a.tsx',
          '../lib/b.ts',
          '#features/orders/api/c.ts',
          '#lib/api-client.ts',
          'react',
        ),
        file('features/orders/components/__tests__/a.test.tsx', '#testing/render-route.tsx', '../a.tsx'),
        file('app/routes/orders.tsx', '#features/orders/components/a.tsx', '#features/cart/api/d.ts'),
        file('testing/render-route.tsx', '../app/router', '#features/auth/api/e.ts'),
        file('lib/f.ts', '#components/layout/g.tsx', './h.ts'),
        file('main.tsx', './app/app'),
      ]),
    ).toEqual([]);
  });

  it('refuses a feature importing another, by alias or by a relative path that climbs into it', () => {
    expect(
      importOffences([
        file('features/certificates/components/a.tsx', '#features/checkout/lib/regions.ts'),
        file('features/auth/components/b.tsx', '../../system/api/get-config.ts'),
      ]).map((o) => o.split(':')[0]),
    ).toEqual([
      'features/certificates/components/a.tsx → #features/checkout/lib/regions.ts',
      'features/auth/components/b.tsx → ../../system/api/get-config.ts',
    ]);
  });

  it('refuses a feature (even its test) importing the app, and shared code importing a feature', () => {
    expect(
      importOffences([
        file('features/auth/components/__tests__/c.test.tsx', '#app/provider.tsx'),
        file('components/layout/d.tsx', '#features/auth/components/logout-button.tsx'),
        file('lib/e.ts', '../features/orders/lib/x.ts'),
      ]),
    ).toHaveLength(3);
  });
});
