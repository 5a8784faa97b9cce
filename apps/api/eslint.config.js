import base, { restrictEnvAccess, typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044) on src/ for now; test/ and bench/ keep the untyped rules until their findings
// (about 600, most of them `!` on test data) are fixed.
const typedSrc = typeChecked(import.meta.dirname).map((config) =>
  config.files ? config : { ...config, files: ['src/**/*.ts'] },
);

export default [
  ...base,
  ...typedSrc,
  ...restrictEnvAccess,
  {
    // Migrations are frozen in time and use Kysely<any> (base.js says why); the typed rules would follow that any.
    files: ['src/db/migrations/**'],
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
];
