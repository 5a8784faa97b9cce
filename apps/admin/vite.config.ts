/** Vite config of the admin SPA (hosted apart from the web app): the shared SPA preset on ADMIN_PORT (default 5174). */
import { defineSpaConfig } from '@bindery/vite-config/spa';

export default defineSpaConfig({ portVar: 'ADMIN_PORT', defaultPort: 5174 });
