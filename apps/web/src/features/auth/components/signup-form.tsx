/**
 * /signup (docs/spec/customer-journey.md §2, §4, §8): username (sent as name), email and password. The form is disabled
 * while submitting, re-enabled on failure and stays disabled after success, which shows 'Registered
 * successfully! Please check your email to verify your account.' The password rule is shown up front and checked
 * before sending (the server checks it again).
 */
import { Link } from 'react-router-dom';
import { AuthForm, EmailField, PasswordField, useAuthForm } from '@bindery/ui/auth-form';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { StoreRegisterBody } from '@bindery/contracts/store/users';
import { useRegister } from '../api/register';
import { errorText, fieldErrors } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

export function SignupForm() {
  const register = useRegister();
  const { fields, failure, onSubmit } = useAuthForm({
    parse: (form) =>
      StoreRegisterBody.safeParse({
        name: form.get('name'),
        email: form.get('email'),
        password: form.get('password'),
      }),
    send: (body: StoreRegisterBody) => register.mutateAsync(body),
    onFailure: (error) => {
      const byField = fieldErrors(error);
      // The spec: the server's email error, its detail, or the fallback.
      return {
        fields: byField,
        failure: byField.email ?? errorText(error, messages.auth.registrationFailedRetry),
      };
    },
  });

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
      <AuthForm
        onSubmit={onSubmit}
        disabled={register.isPending || done}
        busy={register.isPending}
        failure={failure}
        success={done ? messages.auth.registered : undefined}
        submitLabel="Sign Up"
      >
        <TextField label="Username" name="name" autoComplete="name" required error={fields.name} />
        <EmailField error={fields.email} />
        <PasswordField
          autoComplete="new-password"
          hint={messages.auth.passwordPolicy}
          error={fields.password}
        />
      </AuthForm>
    </AuthCard>
  );
}
