/**
 * The admin app's own /login: admins only. A customer gets 'This account has no access to the admin area.';
 * other failures show the server's text ('Invalid or unverified account') or 'Login failed'.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { StoreLoginBody } from '@bindery/contracts/store/users';
import { NotAnAdminError, useAdminLogin } from '../api/login';

export function LoginForm() {
  const login = useAdminLogin();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = StoreLoginBody.safeParse({ email: form.get('email'), password: form.get('password') });
    setFailure(undefined);
    if (!parsed.success) {
      setFields(
        Object.fromEntries(
          parsed.error.issues.map((i): [string, string] => [String(i.path[0]), i.message]).reverse(),
        ),
      );
      return;
    }
    setFields({});
    try {
      await login.mutateAsync(parsed.data);
      void navigate('/admin', { replace: true });
    } catch (error) {
      if (error instanceof NotAnAdminError) setFailure(error.message);
      else setFailure(error instanceof ApiError && error.body ? error.body.error : messages.auth.loginFailed);
    }
  }

  return (
    // Outside the admin frame, so this page brings its own main landmark.
    <main id="main" className="b-main b-container b-stack" style={{ maxWidth: '30rem' }}>
      <h1>Admin Login</h1>
      <Card className="b-stack">
        <form className="b-stack" onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset
            className="b-stack"
            disabled={login.isPending}
            style={{ border: 0, padding: 0, margin: 0 }}
          >
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              required
              error={fields.email}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={fields.password}
            />
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <Button type="submit" busy={login.isPending}>
              Login
            </Button>
          </fieldset>
        </form>
      </Card>
    </main>
  );
}
