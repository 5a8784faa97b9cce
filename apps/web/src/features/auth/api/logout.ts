/** POST api/users/logout/ (revokes the refresh token) and clears the session in every tab. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@bindery/api-client/session';
import { api, sessionStore } from '../../../lib/api-client';

export const logout = () => endSession(api, sessionStore);

export function useLogout() {
  const queryClient = useQueryClient();
  // Nothing cached for the previous user may show for the next one.
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
