// First: zod must know before any parse that this page's CSP forbids eval (no violation reports).
import '@bindery/api-client/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@bindery/ui/styles.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
