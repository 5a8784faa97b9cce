import base, { typeChecked } from '@bindery/eslint-config/base';

// Type-checked rules (ADR 0044), as every TypeScript package of the repo.
export default [...base, ...typeChecked(import.meta.dirname)];
