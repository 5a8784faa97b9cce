import base, { typeChecked } from '@bindery/eslint-config/base';
export default [...base, ...typeChecked(import.meta.dirname)];
