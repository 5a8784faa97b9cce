/** Puts an admin (or customer) session in local storage, as the admin login would, for component tests. */
import type { Session } from '@bindery/api-client/session-store';
import { sessionStore } from '../lib/api-client';

export const testAdmin = { id: 1, name: 'Administrator', email: 'admin@bindery.test', is_admin: true };

export function signInForTest(user: Partial<Session['user']> = {}): Session & { access: string } {
  const session = { user: { ...testAdmin, ...user }, access: 'admin-access' };
  sessionStore.set(session);
  return session;
}
