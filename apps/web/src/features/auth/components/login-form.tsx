/**
 * /login (docs/spec/customer-journey.md §2): email and password, both required. An admin is sent to the admin app
 * (its URL from /api/config), which has a sign-in and a session of its own (ADR 0052: a session opened here never
 * acts as staff); back from there (the back/forward cache) the form is usable again. A customer back to the page that sent them here (the shop after 'Session expired'),
 * else to /account-settings. Failure shows the server's text
 * ('Invalid or unverified account') or 'Login failed'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthForm, EmailField, PasswordField, useAuthForm } from '@bindery/ui/auth-form';
import { usePageRestored } from '@bindery/ui/page-history';
import { messages } from '@bindery/contracts/messages';
import { StoreLoginBody } from '@bindery/contracts/store/users';
import { getAdminUrl } from '../api/get-admin-url';
import { useLogin } from '../api/login';
import { errorText } from '#lib/error-text.ts';
import { AuthCard } from './auth-card';

export interface LoginFormProps {
  /** Leaves the web app for the admin app (a full page load on another origin). */
  onAdminLogin?: (adminUrl: string) => void;
}

const goTo = (url: string) => window.location.assign(url);

/**
 * Where a customer goes after logging in: back to the page that sent them here (RequireSession puts it in the
 * navigation state, e.g. the shop after 'Session expired'), else the spec's /account-settings. Only a path of
 * this app is followed (one leading slash), so a crafted state cannot send anyone to another site.
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && /^\/(?![/\\])/.test(from) && !from.startsWith('/login')) return from;
  return '/account-settings';
}

export function LoginForm({ onAdminLogin = goTo }: LoginFormProps) {
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  usePageRestored(() => setLeaving(false));
  const { fields, failure, onSubmit } = useAuthForm({
    parse: (form) => StoreLoginBody.safeParse({ email: form.get('email'), password: form.get('password') }),
    send: async (body: StoreLoginBody) => {
      const { user } = await login.mutateAsync(body);
      if (!user.is_admin) return void navigate(returnPath(location.state), { replace: true });
      setLeaving(true);
      onAdminLogin(`${await getAdminUrl(queryClient)}/admin`);
    },
    onFailure: (error) => {
      setLeaving(false);
      return { failure: errorText(error, messages.auth.loginFailed) };
    },
  });

  const busy = login.isPending || leaving;
  return (
    <AuthCard
      title="Login"
      footer={
        <>
          New to Bindery? <Link to="/signup">Sign up</Link> ·{' '}
          <Link to="/reset-password">Forgot your password?</Link>
        </>
      }
    >
      <AuthForm onSubmit={onSubmit} disabled={busy} busy={busy} failure={failure} submitLabel="Login">
        <EmailField error={fields.email} />
        <PasswordField error={fields.password} />
      </AuthForm>
    </AuthCard>
  );
}
