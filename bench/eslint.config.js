import base from '@bindery/eslint-config/base';
export default [...base];
