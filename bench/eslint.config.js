import base, { typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044), as every TypeScript package of the repo.
export default [
  ...base,
  ...typeChecked(import.meta.dirname),
  {
    // The yardstick and the harness stand in for async contracts (hello-server's handler is async like every API
    // handler it is compared with): `async () => value` is the plain form. A promise nobody awaits is still refused.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
];
