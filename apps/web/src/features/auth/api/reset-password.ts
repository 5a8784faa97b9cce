/** POST api/users/reset-password/{uidb64}/{token}/ with the new password. */
import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';

export interface ResetPasswordInput {
  uidb64: string;
  token: string;
  password: string;
}

export const resetPassword = ({ uidb64, token, password }: ResetPasswordInput) =>
  api.call(userRoutes.resetPassword, { params: { uidb64, token }, body: { password } }, { anonymous: true });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
