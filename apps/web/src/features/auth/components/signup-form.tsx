/**
 * /signup (docs/spec/customer-journey.md §2, §4, §8): username (sent as name), email and password. The form is disabled
 * while submitting, re-enabled on failure and stays disabled after success, which shows 'Registered
 * successfully! Please check your email to verify your account.' The password rule is shown up front and checked
 * before sending (the server checks it again).
 */
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { StoreRegisterBody } from '@bindery/contracts/store/users';
import { useRegister } from '../api/register';
import { errorText, fieldErrors, issuesByField } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

export function SignupForm() {
  const register = useRegister();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = StoreRegisterBody.safeParse({
      name: form.get('name'),
      email: form.get('email'),
      password: form.get('password'),
    });
    setFailure(undefined);
    if (!parsed.success) {
      setFields(issuesByField(parsed.error.issues));
      return;
    }
    setFields({});
    try {
      await register.mutateAsync(parsed.data);
    } catch (error) {
      const byField = fieldErrors(error);
      setFields(byField);
      // The spec: the server's email error, its detail, or the fallback.
      setFailure(byField.email ?? errorText(error, messages.auth.registrationFailedRetry));
    }
  }

  const done = register.isSuccess;
  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          Already have an account? <Link to="/login">Login</Link>
        </>
      }
    >
      <form className="b-stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset
          className="b-stack"
          disabled={register.isPending || done}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <TextField label="Username" name="name" autoComplete="name" required error={fields.name} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={fields.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={messages.auth.passwordPolicy}
            error={fields.password}
          />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {done ? <Alert tone="success">{messages.auth.registered}</Alert> : null}
          <Button type="submit" busy={register.isPending}>
            Sign Up
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
