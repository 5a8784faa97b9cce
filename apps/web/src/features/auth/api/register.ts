/** POST api/users/register/: creates the account and mails the verification link. */
import { useMutation } from '@tanstack/react-query';
import { userRoutes, type StoreRegisterBody } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';

export const register = (body: StoreRegisterBody) =>
  api.call(userRoutes.register, { body }, { anonymous: true });

export const useRegister = () => useMutation({ mutationFn: register });
