import base, { restrictEnvAccess, typeChecked } from '@bindery/eslint-config/base';
import react from '@bindery/eslint-config/react';
export default [...base, ...typeChecked(import.meta.dirname), ...react, ...restrictEnvAccess];
