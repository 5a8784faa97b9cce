/**
 * Shared ESLint flat config for every TypeScript package.
 * `restrictEnvAccess` bans process.env outside the env.ts files, so configuration is validated once.
 * @see create-t3-turbo tooling/eslint/base.ts
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export const restrictEnvAccess = tseslint.config(
  {
    // files + ignores in ONE object scope the rule; an object with only `ignores` would ignore those files
    // for every rule (a global ignore).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/env.ts', '**/*.config.ts', '**/test/**', '**/*.test.ts', '**/*.test.tsx', '**/bench/**', '**/scripts/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from env.ts, validated once.' },
      ],
    },
  },
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Migrations are frozen in time: they must not know the current schema types, so they use Kysely<any>.
    // @see https://kysely.dev/docs/migrations
    files: ['**/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
