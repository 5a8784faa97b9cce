/** POST api/users/reset-password/{uidb64}/{token}/ with the new password. */
import { useMutation } from '@tanstack/react-query';
import { StoreResetPasswordResponse } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';

export interface ResetPasswordInput {
  uidb64: string;
  token: string;
  password: string;
}

export const resetPassword = ({ uidb64, token, password }: ResetPasswordInput) =>
  api.post(`/api/users/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`, {
    schema: StoreResetPasswordResponse,
    body: { password },
    anonymous: true,
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
