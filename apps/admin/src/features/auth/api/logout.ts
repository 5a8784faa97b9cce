/** POST api/users/admin/logout/ (ends the admin session, never the web shop's) and clears this origin's session in every tab. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@bindery/api-client/session';
import { api, sessionStore } from '#lib/api-client.ts';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSession(api, sessionStore),
    onSettled: () => queryClient.clear(),
  });
}
