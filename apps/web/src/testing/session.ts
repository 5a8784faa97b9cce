/** Puts a customer (or admin) session in local storage, as a login would, for component tests. */
import type { Session } from '@bindery/api-client/session-store';
import { sessionStore } from '../lib/session-store';

export const testCustomer = { id: 7, name: 'Ann Reader', email: 'ann@example.test', is_admin: false };

export function signInForTest(user: Partial<Session['user']> = {}): Session & { access: string } {
  const session = { user: { ...testCustomer, ...user }, access: 'access-token' };
  sessionStore.set(session);
  return session;
}
