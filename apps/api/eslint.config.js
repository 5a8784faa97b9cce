import base, { restrictEnvAccess, typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044) on every TypeScript file of the package: src/, bench/ and test/.
const typedFiles = ['src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', 'examples/**/*.ts'];
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
