/** POST api/users/logout/ (revokes the refresh token) and clears the session in every tab. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '#lib/session-store.ts';

/**
 * The header's Logout is on every page, so the API client (and zod) it needs are loaded when it is clicked, not
 * with the page shell: the home route stays small.
 */
export async function logout() {
  const [{ endSession }, { api }] = await Promise.all([
    import('@bindery/api-client/session'),
    import('#lib/api-client.ts'),
  ]);
  await endSession(api, sessionStore);
}

export function useLogout() {
  const queryClient = useQueryClient();
  // Nothing cached for the previous user may show for the next one.
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
