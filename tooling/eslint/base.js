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

/**
 * typescript-eslint's type-checked strict rules: a promise nobody awaits or handles, a promise where a
 * callback's result is ignored, non-null assertions, unsafe `any` flows. Type information comes from each
 * package's own tsconfig (projectService); plain .js config files are linted without types.
 * @see https://typescript-eslint.io/getting-started/typed-linting
 */
export const typeChecked = (tsconfigRootDir) =>
  tseslint.config(
    ...tseslint.configs.strictTypeChecked,
    {
      // Each package's tsconfig includes every .ts file it lints (its config and setup files too).
      languageOptions: { parserOptions: { projectService: true, tsconfigRootDir } },
      rules: {
        // Numbers read naturally in messages ("Order #12", "3 copies"); objects and nullish values still may not.
        '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
        // `onClick={() => setOpen(false)}` returns nothing anyone reads: shorthand arrows may "return" void.
        '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      },
    },
    { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  );
