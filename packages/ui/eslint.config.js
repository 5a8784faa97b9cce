import base from '@bindery/eslint-config/base';
import react from '@bindery/eslint-config/react';
export default [...base, ...react];
