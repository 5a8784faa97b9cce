/**
 * Account Settings → Login Data (docs/decisions/0067): the name (saved on the server), the e-mail address (a new
 * one confirmed by the link mailed to it, docs/decisions/0074), the password changed with the current one (every
 * other device is signed out), and the devices signed in now, each but this one with "Sign out".
 */
import { useState, type SubmitEvent } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { errorText, fieldErrors } from '#lib/error-text.ts';
import { useChangeEmail, useChangePassword, useEndSession, useRename, useSessions } from '../api/account';
import { useSession } from '../hooks/use-session';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function NameForm({ current }: { current: string }) {
  const rename = useRename();
  const [name, setName] = useState(current);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    rename.mutate(name);
  };
  return (
    <form className="b-stack" onSubmit={submit} noValidate aria-label="Your name">
      <TextField label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={150} error={rename.isError ? errorText(rename.error, messages.generic.networkError) : undefined} />
      {rename.isSuccess ? <Alert tone="success">{messages.account.nameSaved}</Alert> : null}
      <div>
        <Button type="submit" variant="secondary" size="sm" busy={rename.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}

/**
 * The end of a Login Data form: the server's success message, a refusal that names no field of the form, and the
 * submit button.
 */
function Outcome({
  change,
  fields,
  submit,
}: {
  change: { isSuccess: boolean; isError: boolean; isPending: boolean; data?: { message: string }; error: unknown };
  fields: Record<string, string>;
  submit: string;
}) {
  return (
    <>
      {change.isSuccess && change.data ? <Alert tone="success">{change.data.message}</Alert> : null}
      {change.isError && Object.keys(fields).length === 0 ? (
        <Alert tone="error">{errorText(change.error, messages.generic.networkError)}</Alert>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" size="sm" busy={change.isPending}>
          {submit}
        </Button>
      </div>
    </>
  );
}

/** The address changes only when the link mailed to the new one is opened: until then the current one is shown. */
function EmailForm({ current }: { current: string }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = change.isError ? fieldErrors(change.error) : {};
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    change.mutate({ new_email: email, password }, { onSuccess: () => setPassword('') });
  };
  return (
    <form className="b-stack" onSubmit={submit} noValidate aria-label="Change email">
      <TextField label="Email" type="email" value={current} readOnly />
      <TextField label="New email" name="new_email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fields['new_email']} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={fields['password']} />
      <Outcome change={change} fields={fields} submit="Change email" />
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const fields = change.isError ? fieldErrors(change.error) : {};
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };
  return (
    <form className="b-stack" onSubmit={submit} noValidate aria-label="Change password">
      <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={fields['current_password']} />
      <TextField label="New password" name="new_password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} error={fields['new_password']} />
      <Outcome change={change} fields={fields} submit="Change password" />
    </form>
  );
}

function Devices() {
  const sessions = useSessions();
  const end = useEndSession();
  if (sessions.isPending) return <p role="status">Loading your devices…</p>;
  if (sessions.isError) return <Alert tone="error">{errorText(sessions.error, messages.generic.networkError)}</Alert>;
  return (
    <ul className="b-stack" aria-label="Signed in on" style={{ paddingLeft: 0, listStyle: 'none' }}>
      {sessions.data.sessions.map((s) => (
        <li key={s.id} className="b-row" style={{ justifyContent: 'space-between' }}>
          <span>
            {s.app === 'admin' ? 'Admin console' : 'Shop'}, signed in {when(s.created_at)}
            {s.current ? <strong> (this device)</strong> : null}
          </span>
          {s.current ? null : (
            <Button size="sm" variant="ghost" busy={end.isPending && end.variables === s.id} onClick={() => end.mutate(s.id)}>
              Sign out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

export function LoginData() {
  const session = useSession();
  return (
    <>
      {session ? <NameForm current={session.user.name} /> : null}
      <h3>Email</h3>
      <EmailForm current={session?.user.email ?? ''} />
      <h3>Password</h3>
      <PasswordForm />
      <h3>Signed in on</h3>
      <Devices />
    </>
  );
}
