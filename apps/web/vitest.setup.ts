import { setupDomTests } from '@bindery/vite-config/dom-test-setup';
import { server } from './src/testing/msw-server';

setupDomTests(server);
