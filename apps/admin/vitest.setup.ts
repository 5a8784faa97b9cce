import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './src/testing/msw-server';

// Two shared cores: give findBy* queries room under load (the default 1 s flakes).
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; React Router's ScrollRestoration calls it.
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
