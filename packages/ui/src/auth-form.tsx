/**
 * The sign-in forms' shared pieces (ADR 0045): both SPAs' login, the shop's sign-up and its two
 * password-reset forms. `useAuthForm` holds a form's state — the per-field messages, the failure text and the
 * submit handler that checks the fields before anything is sent — and `AuthForm` draws the form: its fields, the
 * failure alert, an optional success alert and the busy submit button, all in one fieldset that is disabled
 * while the request runs. Each app keeps its own routes, session handling and API calls, and decides the failure
 * text (the server's own text, or the spec's fallback from contracts' messages).
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { TextField, type TextFieldProps } from './field';

/** What a zod schema's safeParse gives; a form may build it by hand for its own checks. */
export type FormParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/** A failed request as the form shows it: messages beside fields, and/or one text in the error alert. */
export interface AuthFailure {
  fields?: Record<string, string>;
  failure?: string;
}

export interface AuthFormOptions<T> {
  /** Reads and checks the entered values; nothing is sent while a field is wrong. */
  parse: (form: FormData) => FormParse<T>;
  /** Sends the checked values (the app's API call, then where to go). A throw is a failure. */
  send: (data: T) => Promise<unknown>;
  /** What the form shows for a failed send. */
  onFailure: (error: unknown) => AuthFailure;
  /** Runs at every submit, before the check (e.g. to clear an earlier request's success). */
  onStart?: () => void;
}

/** The first message per field of a failed check ("email" for a path starting with "email"). */
export function issuesByField(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

export function useAuthForm<T>({ parse, send, onFailure, onStart }: AuthFormOptions<T>) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  async function submit(form: FormData) {
    setFailure(undefined);
    onStart?.();
    const parsed = parse(form);
    if (!parsed.success) {
      setFields(issuesByField(parsed.error.issues));
      return;
    }
    setFields({});
    try {
      await send(parsed.data);
    } catch (error) {
      const shown = onFailure(error);
      setFields(shown.fields ?? {});
      setFailure(shown.failure);
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(new FormData(event.currentTarget));
  }

  return { fields, failure, onSubmit };
}

export interface AuthFormProps {
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** Text above the fields, inside the form. */
  lead?: ReactNode;
  /** The fieldset is disabled while sending and, for one-shot forms, after success. */
  disabled: boolean;
  busy: boolean;
  failure?: string;
  /** Shown after a successful send (sign-up, reset link, new password). */
  success?: string;
  submitLabel: ReactNode;
  children: ReactNode;
}

export function AuthForm({
  onSubmit,
  lead,
  disabled,
  busy,
  failure,
  success,
  submitLabel,
  children,
}: AuthFormProps) {
  return (
    // noValidate: the form's own check names each wrong field in the spec's words, not the browser's.
    <form className="b-stack" onSubmit={onSubmit} noValidate>
      {lead}
      <fieldset className="b-stack" disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
        {children}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {success ? <Alert tone="success">{success}</Alert> : null}
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </fieldset>
    </form>
  );
}

type FieldProps = Omit<TextFieldProps, 'label' | 'name' | 'type'> & { label?: string };

/** The required e-mail field (name "email"); the admin's login asks the browser for its username entry. */
export function EmailField({ label = 'Email', autoComplete = 'email', ...rest }: FieldProps) {
  return <TextField label={label} name="email" type="email" autoComplete={autoComplete} required {...rest} />;
}

/** The required password field (name "password"): the current one to log in, a new one with its rule as hint. */
export function PasswordField({
  label = 'Password',
  autoComplete = 'current-password',
  ...rest
}: FieldProps) {
  return (
    <TextField label={label} name="password" type="password" autoComplete={autoComplete} required {...rest} />
  );
}
