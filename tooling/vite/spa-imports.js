/**
 * The SPAs' import direction (bulletproof-react's: docs/project-structure.md, "Unidirectional codebase"; ADR 0057):
 * shared code (src/components, src/lib, src/hooks, src/config) → features (src/features/<f>/) → the app (src/app,
 * which composes features into routes). A feature never imports another feature, nothing but the app and the test
 * harness (src/testing) imports src/app, and shared code never imports a feature. Each SPA's
 * src/architecture.test.ts reads its own sources with `readSpaSources` and expects `importOffences` to be empty.
 * @see alan2207/bulletproof-react apps/react-vite/.eslintrc.cjs (the same rule as import/no-restricted-paths)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/** Every module specifier a source imports or re-exports, `import type` and `import()` included. */
export function importsOf(source) {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((m) => m[1] ?? '');
}

/**
 * The file under src/ a specifier names ('features/orders/lib/x.ts'): `#*` is package.json's `./src/*`, a
 * relative path resolves from the importing file; undefined for a package.
 */
function target(path, specifier) {
  if (specifier.startsWith('#')) return posix.normalize(specifier.slice(1));
  if (specifier.startsWith('.')) return posix.join(posix.dirname(path), specifier);
  return undefined;
}

/** 'features/orders/lib/x.ts' → { layer: 'features', feature: 'orders' }; 'lib/x.ts' → { layer: 'lib' }. */
function placeOf(path) {
  const [layer = '', feature] = path.split('/');
  return layer === 'features' ? { layer, feature } : { layer };
}

const SHARED = new Set(['components', 'lib', 'hooks', 'config']);

/** Why `from` may not import `to`, or undefined when it may. */
function refusal(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  // The entry (src/main.tsx), the app and the test harness sit on top: they may import anything.
  if (!from.includes('/') || a.layer === 'testing' || a.layer === 'app') return undefined;
  if (b.layer === 'app') return 'only src/app and src/testing import the app';
  if (a.layer === 'features' && b.layer === 'features' && a.feature !== b.feature)
    return `feature ${a.feature} imports feature ${b.feature} (share through src/lib, src/components, src/hooks, or compose in src/app)`;
  if (SHARED.has(a.layer) && b.layer === 'features')
    return `shared code (src/${a.layer}) imports feature ${b.feature}`;
  return undefined;
}

/**
 * Every import of `files` (paths relative to src/, with '/') that breaks the direction, as
 * 'features/a/x.tsx → #features/b/y.ts: why'.
 * @param {readonly { path: string; source: string }[]} files
 */
export function importOffences(files) {
  return files.flatMap(({ path, source }) =>
    importsOf(source).flatMap((specifier) => {
      const to = target(path, specifier);
      const why = to === undefined ? undefined : refusal(path, to);
      return why === undefined ? [] : [`${path} → ${specifier}: ${why}`];
    }),
  );
}

/** The .ts/.tsx files under `srcDir` (tests included), as importOffences takes them. */
export function readSpaSources(srcDir) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    });
  return walk(srcDir).map((full) => ({
    path: relative(srcDir, full).split('\\').join('/'),
    source: readFileSync(full, 'utf8'),
  }));
}
