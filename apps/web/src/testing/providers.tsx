/**
 * The app's providers with a fresh query client that does not retry, for a component test that renders one
 * component rather than a route (features reach src/app only through here: ADR 0057).
 */
import { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppProvider } from '../app/provider';

export function TestProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return <AppProvider queryClient={client}>{children}</AppProvider>;
}
