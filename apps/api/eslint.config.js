import base, { restrictEnvAccess, typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044) on src/, bench/ and the folders of test/ listed here; the rest of test/ keeps the
// untyped rules until its findings (most of them `!` on test data and `any` from res.json()) are fixed.
const typedFiles = [
  'src/**/*.ts',
  'bench/**/*.ts',
  'test/*.ts',
  'test/db/**/*.ts',
  'test/domain/**/*.ts',
  'test/fault/**/*.ts',
  'test/fuzz/**/*.ts',
  'test/jobs/**/*.ts',
  'test/plugins/**/*.ts',
  // test/routes: the files typed so far (ADR 0044); the others follow.
  'test/routes/admin-shipping.test.ts',
  'test/routes/ebook.test.ts',
  'test/routes/first-print-discount.test.ts',
  'test/routes/my-books.test.ts',
  'test/routes/resale-certificates.test.ts',
  'test/routes/sales.test.ts',
  'test/routes/trust-proxy.test.ts',
  'test/routes/uploads-s3.test.ts',
];
const typedSrc = typeChecked(import.meta.dirname).map((config) =>
  config.files ? config : { ...config, files: typedFiles },
);

export default [
  ...base,
  ...typedSrc,
  ...restrictEnvAccess,
  {
    // Migrations are frozen in time and use Kysely<any> (base.js says why); the typed rules would follow that any.
    // test/db runs them on a database of its own through the same untyped Kysely.
    files: ['src/db/migrations/**', 'test/db/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // A Fastify plugin (FastifyPluginAsync: route modules, *.plugin.ts wiring) is async by contract: its promise is
    // how Fastify knows it has registered everything, whether or not its body awaits.
    files: ['src/routes/**/*.ts', 'src/**/*.plugin.ts', 'src/plugins/external/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests and benchmarks are full of stand-ins for async contracts (a job's run, a mailer's send, a probe
    // route, a fake's close): `async () => value` is the plain way to write one. A promise nobody awaits is still
    // refused (no-floating-promises).
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
];
