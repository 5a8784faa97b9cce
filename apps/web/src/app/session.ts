/**
 * Whether a customer is logged in, for the header's icons and 'Create Your Print Book': the auth feature's
 * session (user + tokens in local storage), which follows logins and logouts in other tabs too.
 */
import { useSession } from '../features/auth/hooks/use-session';

export function useLoggedIn(): boolean {
  return useSession() !== null;
}
