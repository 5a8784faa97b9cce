import base, { typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044), as every TypeScript package of the repo.
export default [
  ...base,
  ...typeChecked(import.meta.dirname),
  {
    // A webhook target in the tests stands in for an async contract: `async (req) => reply` is the plain form. A
    // promise nobody awaits is still refused (no-floating-promises).
    files: ['src/**/*.test.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
];
