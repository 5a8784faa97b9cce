/**
 * /reset-password (docs/spec/calculators-account-admin.md §2, §8): an e-mail field and 'Send Reset Link'. The answer is
 * the same whether or not an account exists: 'Reset link sent to your email'. Failure: 'Error sending reset
 * link', or the server's own text when it gave one (e.g. too many requests).
 */
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { StoreRequestResetBody } from '@bindery/contracts/store/users';
import { useRequestResetPassword } from '../api/request-reset-password';
import { errorText, issuesByField } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

export function RequestResetForm() {
  const request = useRequestResetPassword();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = StoreRequestResetBody.safeParse({ email: new FormData(event.currentTarget).get('email') });
    setFailure(undefined);
    request.reset();
    if (!parsed.success) {
      setFields(issuesByField(parsed.error.issues));
      return;
    }
    setFields({});
    try {
      await request.mutateAsync(parsed.data);
    } catch (error) {
      setFailure(errorText(error, messages.auth.resetLinkError));
    }
  }

  return (
    <AuthCard title={messages.auth.resetPassword} footer={<Link to="/login">Back to login</Link>}>
      <form className="b-stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
        <fieldset
          className="b-stack"
          disabled={request.isPending}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={fields.email}
          />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {request.isSuccess ? <Alert tone="success">{messages.auth.resetLinkSent}</Alert> : null}
          <Button type="submit" busy={request.isPending}>
            {messages.auth.sendResetLink}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
