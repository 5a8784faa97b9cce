/**
 * /resend-verification: an e-mail field and 'Resend verification e-mail', for a customer whose verification mail
 * was lost or whose link expired (docs/decisions/0059). The answer is the same whatever the address. The login page
 * links here and may pass the address typed there (navigation state `email`).
 */
import { Link, useLocation } from 'react-router-dom';
import { AuthForm, EmailField, useAuthForm } from '@bindery/ui/auth-form';
import { messages } from '@bindery/contracts/messages';
import { StoreResendVerificationBody } from '@bindery/contracts/store/users';
import { useResendVerification } from '../api/resend-verification';
import { errorText } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

const emailOf = (state: unknown) => {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
};

export function ResendVerificationForm() {
  const resend = useResendVerification();
  const location = useLocation();
  const { fields, failure, onSubmit } = useAuthForm({
    onStart: () => resend.reset(),
    parse: (form) => StoreResendVerificationBody.safeParse({ email: form.get('email') }),
    send: (body: StoreResendVerificationBody) => resend.mutateAsync(body),
    onFailure: (error) => ({ failure: errorText(error, messages.auth.verificationResendFailed) }),
  });

  return (
    <AuthCard title={messages.auth.resendVerification} footer={<Link to="/login">Back to login</Link>}>
      <AuthForm
        onSubmit={onSubmit}
        lead={<p>Enter the email address you signed up with and we will send you a new verification link.</p>}
        disabled={resend.isPending}
        busy={resend.isPending}
        failure={failure}
        success={resend.isSuccess ? messages.auth.verificationResent : undefined}
        submitLabel={messages.auth.resendVerification}
      >
        <EmailField error={fields.email} defaultValue={emailOf(location.state)} />
      </AuthForm>
    </AuthCard>
  );
}
