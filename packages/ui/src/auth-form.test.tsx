import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AuthForm,
  EmailField,
  PasswordField,
  issuesByField,
  useAuthForm,
  type FormParse,
} from './auth-form.js';

interface Body {
  email: string;
  password: string;
}

/** A schema's check by hand (ui has no zod): the shape of a safeParse result. */
function parseBody(form: FormData): FormParse<Body> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const email = text('email');
  const password = text('password');
  const issues = [
    ...(email.includes('@') ? [] : [{ path: ['email'], message: 'Enter a valid email' }]),
    ...(email ? [] : [{ path: ['email'], message: 'Email is required' }]),
    ...(password ? [] : [{ path: ['password'], message: 'Enter a password' }]),
  ];
  return issues.length ? { success: false, error: { issues } } : { success: true, data: { email, password } };
}

/** A login form over the shared pieces; `answer` plays the app's API call. */
function Login({ answer }: { answer: (body: Body) => Promise<unknown> }) {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<Body>();
  const { fields, failure, onSubmit } = useAuthForm({
    parse: parseBody,
    send: async (body: Body) => {
      setPending(true);
      try {
        await answer(body);
        setSent(body);
      } finally {
        setPending(false);
      }
    },
    onFailure: (error) => ({ failure: error instanceof Error ? error.message : 'Login failed' }),
  });
  return (
    <AuthForm
      onSubmit={onSubmit}
      disabled={pending}
      busy={pending}
      failure={failure}
      success={sent ? `Welcome ${sent.email}` : undefined}
      submitLabel="Login"
    >
      <EmailField error={fields.email} />
      <PasswordField error={fields.password} />
    </AuthForm>
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('auth-form', () => {
  it('names each wrong field beside it and sends nothing', () => {
    let calls = 0;
    render(
      <Login
        answer={() => {
          calls += 1;
          return Promise.resolve();
        }}
      />,
    );
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter a password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(calls).toBe(0);
  });

  it('disables the fieldset while sending, then shows the failure text in an alert; a retry clears it', async () => {
    let reject: (error: Error) => void = () => undefined;
    let resolve: () => void = () => undefined;
    const answers = [
      new Promise<void>((_, no) => (reject = no)),
      new Promise<void>((yes) => (resolve = yes)),
    ];
    render(<Login answer={() => answers.shift() ?? Promise.resolve()} />);
    type('Email', 'ann@example.com');
    type('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('group')).toBeDisabled();
    await act(() => {
      reject(new Error('Invalid or unverified account'));
      return Promise.resolve();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or unverified account');
    expect(screen.getByRole('group')).toBeEnabled();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => {
      resolve();
      return Promise.resolve();
    });
    expect(await screen.findByText('Welcome ann@example.com')).toBeVisible();
  });

  it('keeps the first message per field', () => {
    expect(
      issuesByField([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [], message: 'form' },
      ]),
    ).toEqual({ email: 'first', '': 'form' });
  });
});
