import base, { restrictEnvAccess } from '@bindery/eslint-config/base';
export default [...base, ...restrictEnvAccess];
