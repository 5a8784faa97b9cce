import { defineConfig } from 'vitest/config';

const conditions = ['@bindery/source', 'node', 'development|production'];
export default defineConfig({ resolve: { conditions }, ssr: { resolve: { conditions } }, test: { environment: 'node' } });
