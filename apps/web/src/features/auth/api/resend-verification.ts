/** POST api/users/resend-verification/: the same answer whatever the address (docs/decisions/0059). */
import { useMutation } from '@tanstack/react-query';
import { userRoutes, type StoreResendVerificationBody } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';

export const resendVerification = (body: StoreResendVerificationBody) =>
  api.call(userRoutes.resendVerification, { body }, { anonymous: true });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
