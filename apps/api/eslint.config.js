import base, { restrictEnvAccess } from '@bindery/eslint-config/base';
export default [
  ...base,
  ...restrictEnvAccess,
  {
    // Routes read the signed-in user through request.signedInUser() (plugins/app/auth.ts), typed as present and
    // refusing with 401 when it is not, never `request.currentUser!` (issue 14.6).
    files: ['src/routes/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
];
