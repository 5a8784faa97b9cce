/**
 * Shared ESLint flat config for every TypeScript package.
 * `restrictEnvAccess` bans process.env outside the env.ts files, so configuration is validated once.
 * @see create-t3-turbo tooling/eslint/base.ts
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export const restrictEnvAccess = tseslint.config(
  { ignores: ['**/env.ts', '**/*.config.ts', '**/test/**', '**/*.test.ts', '**/bench/**', '**/scripts/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
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
);
