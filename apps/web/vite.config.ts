/** Vite config of the customer SPA: the shared SPA preset on WEB_PORT (default 5173). */
import { defineSpaConfig } from '@bindery/vite-config/spa';

export default defineSpaConfig({ portVar: 'WEB_PORT', defaultPort: 5173 });
