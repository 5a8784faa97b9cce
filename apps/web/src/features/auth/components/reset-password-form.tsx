/**
 * /reset-password/:uidb64/:token (docs/spec/calculators-account-admin.md §2, §4, §5, §8): 'Set New Password', one new
 * password, 'Reset Password' ('Resetting...' while working). Empty: 'Please enter a new password.' Success:
 * 'Password reset successful! You can now login.' then /login after 2 seconds. Failure: 'Failed to reset
 * password. Try again.' with the server's reason (expired link, weak password).
 */
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { NewPassword } from '@bindery/contracts/store/users';
import { useResetPassword } from '../api/reset-password';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { errorText, fieldErrors } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

export function ResetPasswordForm({ uidb64, token }: { uidb64: string; token: string }) {
  const reset = useResetPassword();
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  useRedirectAfter(reset.isSuccess, '/login');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const entered = new FormData(event.currentTarget).get('password');
    const password = typeof entered === 'string' ? entered : '';
    setFailure(undefined);
    if (!password) {
      setFieldError(messages.auth.enterNewPassword);
      return;
    }
    const parsed = NewPassword.safeParse(password);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      await reset.mutateAsync({ uidb64, token, password: parsed.data });
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.password) {
        setFieldError(byField.password);
        return;
      }
      const reason = errorText(error, '');
      setFailure(reason ? `${messages.auth.resetFailed} ${reason}` : messages.auth.resetFailed);
    }
  }

  return (
    <AuthCard
      title={messages.auth.setNewPassword}
      footer={<Link to="/reset-password">Request a new link</Link>}
    >
      <form className="b-stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset
          className="b-stack"
          disabled={reset.isPending || reset.isSuccess}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={messages.auth.passwordPolicy}
            error={fieldError}
          />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {reset.isSuccess ? <Alert tone="success">{messages.auth.resetSuccess}</Alert> : null}
          <Button type="submit" busy={reset.isPending}>
            {reset.isPending ? messages.auth.resetting : messages.auth.resetPassword}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
