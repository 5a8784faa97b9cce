import { setupDomTests } from '@bindery/vite-config/dom-test-setup';
import { sessionStore } from './src/lib/api-client';
import { server } from './src/testing/msw-server';

setupDomTests(server, () => sessionStore.clear());
