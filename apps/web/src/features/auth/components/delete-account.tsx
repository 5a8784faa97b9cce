/**
 * Account Settings → Account Management (docs/decisions/0074): "Delete account" opens a dialog that asks for the
 * password; once the server has deleted the account the page is signed out and goes to the home page. What is kept
 * (paid orders, as the law requires) is said before the click.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@bindery/ui/button';
import { Dialog } from '@bindery/ui/dialog';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import { useDeleteAccount } from '../api/account';

export function DeleteAccount() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const close = () => {
    setOpen(false);
    setPassword('');
    remove.reset();
  };
  // The session is dropped once this page has gone (on the way home): dropped while it shows, the signed-in page
  // would send the browser to /login instead.
  const deleted = useRef(false);
  const { forget } = remove;
  useEffect(
    () => () => {
      if (deleted.current) forget();
    },
    [forget],
  );
  const confirm = () =>
    remove.mutate(password, {
      onSuccess: () => {
        deleted.current = true;
        void navigate('/', { replace: true });
      },
    });
  return (
    <>
      <h3>{messages.auth.cancelAccount}</h3>
      <p>
        Deleting your account is permanent: your name, email, password, saved addresses and unordered projects are
        removed, and orders waiting for payment are canceled. Paid orders and their invoices are kept, as the law
        requires.
      </p>
      <div>
        <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      {open ? (
        <Dialog
          title="Delete your account"
          message="Enter your password to delete your account. This cannot be undone."
          confirmLabel="Delete my account"
          confirmVariant="danger"
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error, messages.generic.networkError) : null}
          onCancel={close}
          onConfirm={confirm}
        >
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Dialog>
      ) : null}
    </>
  );
}
