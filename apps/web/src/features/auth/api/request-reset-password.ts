/** POST api/users/request-reset-password/: the same answer whether or not the account exists. */
import { useMutation } from '@tanstack/react-query';
import { userRoutes, type StoreRequestResetBody } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';

export const requestResetPassword = (body: StoreRequestResetBody) =>
  api.call(userRoutes.requestResetPassword, { body }, { anonymous: true });

export const useRequestResetPassword = () => useMutation({ mutationFn: requestResetPassword });
