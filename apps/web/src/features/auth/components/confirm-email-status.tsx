/**
 * /confirm-email/:uidb64/:emailb64/:token (docs/decisions/0074): the link mailed to a new address confirms it on
 * arrival. Success says which address logs in from now on; a used, expired or broken link says so, with the way on.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import type { ConfirmEmailParams } from '@bindery/contracts/store/account';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import { useConfirmEmail } from '../api/account';
import { useSession } from '../hooks/use-session';
import { AuthCard } from './auth-card';

export function ConfirmEmailStatus(params: ConfirmEmailParams) {
  const confirmation = useConfirmEmail(params);
  const session = useSession();
  return (
    <AuthCard title="Confirm Email">
      {confirmation.isPending ? (
        <p className="b-row" role="status">
          <Spinner label="" /> Confirming your new email...
        </p>
      ) : null}
      {confirmation.isSuccess ? (
        <>
          <Alert tone="success">{confirmation.data.message}</Alert>
          <p>{session ? <Link to="/account-settings">Back to your account settings</Link> : <Link to="/login">Log in</Link>}</p>
        </>
      ) : null}
      {confirmation.isError ? (
        <>
          <Alert tone="error">{errorText(confirmation.error, messages.account.emailChangeLinkInvalid)}</Alert>
          <p>
            The link works once and for 24 hours; your account keeps its current email until then. Ask again from{' '}
            <Link to="/account-settings">your account settings</Link>.
          </p>
        </>
      ) : null}
    </AuthCard>
  );
}
