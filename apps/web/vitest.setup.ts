import { setupDomTests } from '@bindery/vite-config/dom-test-setup';
import { sessionStore } from './src/lib/session-store';
import { server } from './src/testing/msw-server';

setupDomTests(server, () => sessionStore.clear());
