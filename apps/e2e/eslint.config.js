import base, { typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044) on every TypeScript file of the package, as the rest of the repo.
export default [...base, ...typeChecked(import.meta.dirname)];
