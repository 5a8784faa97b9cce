/**
 * /reset-password/:uidb64/:token (docs/spec/calculators-account-admin.md §2, §4, §5, §8): 'Set New Password', one new
 * password, 'Reset Password' ('Resetting...' while working). Empty: 'Please enter a new password.' Success:
 * 'Password reset successful! You can now login.' then /login after 2 seconds. Failure: 'Failed to reset
 * password. Try again.' with the server's reason (expired link, weak password).
 */
import { Link } from 'react-router-dom';
import { AuthForm, PasswordField, useAuthForm, type FormParse } from '@bindery/ui/auth-form';
import { messages } from '@bindery/contracts/messages';
import { NewPassword } from '@bindery/contracts/store/users';
import { useResetPassword } from '../api/reset-password';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { errorText, fieldErrors } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

/** The new password, checked: empty has its own sentence, else the password rule's first message. */
function parseNewPassword(form: FormData): FormParse<string> {
  const entered = form.get('password');
  const password = typeof entered === 'string' ? entered : '';
  if (!password) {
    return {
      success: false,
      error: { issues: [{ path: ['password'], message: messages.auth.enterNewPassword }] },
    };
  }
  const parsed = NewPassword.safeParse(password);
  if (parsed.success) return parsed;
  return {
    success: false,
    error: { issues: parsed.error.issues.map((i) => ({ ...i, path: ['password'] })) },
  };
}

export function ResetPasswordForm({ uidb64, token }: { uidb64: string; token: string }) {
  const reset = useResetPassword();
  useRedirectAfter(reset.isSuccess, '/login');
  const { fields, failure, onSubmit } = useAuthForm({
    parse: parseNewPassword,
    send: (password: string) => reset.mutateAsync({ uidb64, token, password }),
    onFailure: (error) => {
      const byField = fieldErrors(error);
      if (byField.password) return { fields: { password: byField.password } };
      const reason = errorText(error, '');
      return { failure: reason ? `${messages.auth.resetFailed} ${reason}` : messages.auth.resetFailed };
    },
  });

  return (
    <AuthCard
      title={messages.auth.setNewPassword}
      footer={<Link to="/reset-password">Request a new link</Link>}
    >
      <AuthForm
        onSubmit={onSubmit}
        disabled={reset.isPending || reset.isSuccess}
        busy={reset.isPending}
        failure={failure}
        success={reset.isSuccess ? messages.auth.resetSuccess : undefined}
        submitLabel={reset.isPending ? messages.auth.resetting : messages.auth.resetPassword}
      >
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={messages.auth.passwordPolicy}
          error={fields.password}
        />
      </AuthForm>
    </AuthCard>
  );
}
