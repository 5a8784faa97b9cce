/**
 * /login (docs/spec/customer-journey.md §2): email and password, both required. An admin is sent to the admin app
 * (its URL from /api/config), which has a sign-in and a session of its own (ADR 0052: a session opened here never
 * acts as staff); back from there (the back/forward cache) the form is usable again. A customer back to the page that sent them here (the shop after 'Session expired'),
 * else to /account-settings. Failure shows the server's text
 * ('Invalid or unverified account') or 'Login failed'; a refused login offers 'Resend verification e-mail' for the
 * address typed, and the footer links to the page that asks for one (docs/decisions/0059).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthForm, EmailField, PasswordField, useAuthForm } from '@bindery/ui/auth-form';
import { usePageRestored } from '@bindery/ui/page-history';
import { messages } from '@bindery/contracts/messages';
import { StoreLoginBody } from '@bindery/contracts/store/users';
import { getAdminUrl } from '../api/get-admin-url';
import { useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
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
  const resend = useResendVerification();
  const attempted = useRef('');
  // The address of a refused login (401: wrong password or not verified yet, which the server does not tell apart).
  const [refusedEmail, setRefusedEmail] = useState<string>();
  const { fields, failure, onSubmit } = useAuthForm({
    onStart: () => {
      setRefusedEmail(undefined);
      resend.reset();
    },
    parse: (form) => StoreLoginBody.safeParse({ email: form.get('email'), password: form.get('password') }),
    send: async (body: StoreLoginBody) => {
      attempted.current = body.email;
      const { user } = await login.mutateAsync(body);
      if (!user.is_admin) return void navigate(returnPath(location.state), { replace: true });
      setLeaving(true);
      onAdminLogin(`${await getAdminUrl(queryClient)}/admin`);
    },
    onFailure: (error) => {
      setLeaving(false);
      if (error instanceof ApiError && error.status === 401) setRefusedEmail(attempted.current);
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
          <Link to="/reset-password">Forgot your password?</Link> ·{' '}
          <Link to="/resend-verification">{messages.auth.resendVerification}</Link>
        </>
      }
    >
      <AuthForm onSubmit={onSubmit} disabled={busy} busy={busy} failure={failure} submitLabel="Login">
        <EmailField error={fields.email} />
        <PasswordField error={fields.password} />
      </AuthForm>
      {refusedEmail ? (
        <div className="b-stack">
          <p className="b-muted">Not verified yet? We can send a new link to {refusedEmail}.</p>
          <Button
            variant="secondary"
            busy={resend.isPending}
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate({ email: refusedEmail })}
          >
            {messages.auth.resendVerification}
          </Button>
          {resend.isSuccess ? <Alert tone="success">{messages.auth.verificationResent}</Alert> : null}
          {resend.isError ? (
            <Alert tone="error">{errorText(resend.error, messages.auth.verificationResendFailed)}</Alert>
          ) : null}
        </div>
      ) : null}
    </AuthCard>
  );
}
