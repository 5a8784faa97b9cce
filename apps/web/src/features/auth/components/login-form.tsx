/**
 * /login (docs/spec/customer-journey.md §2): email and password, both required. An admin is sent to the admin app
 * (its URL from /api/config); a customer back to the page that sent them here (the shop after 'Session expired'),
 * else to /account-settings. Failure shows the server's text
 * ('Invalid or unverified account') or 'Login failed'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { StoreLoginBody } from '@bindery/contracts/store/users';
import { getAdminUrl } from '../api/get-admin-url';
import { useLogin } from '../api/login';
import { errorText, issuesByField } from '#lib/error-text.ts';
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
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = StoreLoginBody.safeParse({ email: form.get('email'), password: form.get('password') });
    setFailure(undefined);
    if (!parsed.success) {
      setFields(issuesByField(parsed.error.issues));
      return;
    }
    setFields({});
    try {
      const { user } = await login.mutateAsync(parsed.data);
      if (!user.is_admin) return void navigate(returnPath(location.state), { replace: true });
      setLeaving(true);
      onAdminLogin(`${await getAdminUrl(queryClient)}/admin`);
    } catch (error) {
      setLeaving(false);
      setFailure(errorText(error, messages.auth.loginFailed));
    }
  }

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
      <form className="b-stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="b-stack" disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
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
            autoComplete="current-password"
            required
            error={fields.password}
          />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Button type="submit" busy={busy}>
            Login
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
