/**
 * /reset-password (docs/spec/calculators-account-admin.md §2, §8): an e-mail field and 'Send Reset Link'. The answer is
 * the same whether or not an account exists: 'Reset link sent to your email'. Failure: 'Error sending reset
 * link', or the server's own text when it gave one (e.g. too many requests).
 */
import { Link } from 'react-router-dom';
import { AuthForm, EmailField, useAuthForm } from '@bindery/ui/auth-form';
import { messages } from '@bindery/contracts/messages';
import { StoreRequestResetBody } from '@bindery/contracts/store/users';
import { useRequestResetPassword } from '../api/request-reset-password';
import { errorText } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

export function RequestResetForm() {
  const request = useRequestResetPassword();
  const { fields, failure, onSubmit } = useAuthForm({
    // A new request hides the last one's 'Reset link sent'.
    onStart: () => request.reset(),
    parse: (form) => StoreRequestResetBody.safeParse({ email: form.get('email') }),
    send: (body: StoreRequestResetBody) => request.mutateAsync(body),
    onFailure: (error) => ({ failure: errorText(error, messages.auth.resetLinkError) }),
  });

  return (
    <AuthCard title={messages.auth.resetPassword} footer={<Link to="/login">Back to login</Link>}>
      <AuthForm
        onSubmit={onSubmit}
        lead={
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
        }
        disabled={request.isPending}
        busy={request.isPending}
        failure={failure}
        success={request.isSuccess ? messages.auth.resetLinkSent : undefined}
        submitLabel={messages.auth.sendResetLink}
      >
        <EmailField error={fields.email} />
      </AuthForm>
    </AuthCard>
  );
}
