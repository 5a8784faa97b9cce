/**
 * The admin app's own /login: admins only. The server refuses a customer with 'This account has no access to the
 * admin area.' (its own admin login, docs/decisions/0052); every failure shows the server's text ('Invalid or
 * unverified account', …) or 'Login failed'.
 */
import { useNavigate } from 'react-router-dom';
import { AuthForm, EmailField, PasswordField, useAuthForm } from '@bindery/ui/auth-form';
import { Card } from '@bindery/ui/card';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import { StoreLoginBody } from '@bindery/contracts/store/users';
import { useAdminLogin } from '../api/login';

export function LoginForm() {
  const login = useAdminLogin();
  const navigate = useNavigate();
  const { fields, failure, onSubmit } = useAuthForm({
    parse: (form) => StoreLoginBody.safeParse({ email: form.get('email'), password: form.get('password') }),
    send: async (body: StoreLoginBody) => {
      await login.mutateAsync(body);
      void navigate('/admin', { replace: true });
    },
    onFailure: (error) => ({
      failure: errorText(error, messages.auth.loginFailed),
    }),
  });

  return (
    // Outside the admin frame, so this page brings its own main landmark.
    <main id="main" className="b-main b-container b-stack" style={{ maxWidth: '30rem' }}>
      <h1>Admin Login</h1>
      <Card className="b-stack">
        <AuthForm
          onSubmit={onSubmit}
          disabled={login.isPending}
          busy={login.isPending}
          failure={failure}
          submitLabel="Login"
        >
          <EmailField autoComplete="username" error={fields.email} />
          <PasswordField error={fields.password} />
        </AuthForm>
      </Card>
    </main>
  );
}
