/**
 * /verify-email/:uidb64/:token (docs/spec/calculators-account-admin.md §2, §4, §8): verifies on arrival. Success: 'Email
 * verified! You can now log in.' then /login after 2 seconds. Failure: 'Invalid or expired verification link.',
 * with the way out: a password reset also verifies the address.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { useVerifyEmail } from '../api/verify-email';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { AuthCard } from './auth-card';

export function VerifyEmailStatus({ uidb64, token }: { uidb64: string; token: string }) {
  const verification = useVerifyEmail(uidb64, token);
  useRedirectAfter(verification.isSuccess, '/login');
  return (
    <AuthCard title="Verify Email">
      {verification.isPending ? (
        <p className="b-row" role="status">
          <Spinner label="" /> Verifying your email...
        </p>
      ) : null}
      {verification.isSuccess ? <Alert tone="success">{messages.auth.verified}</Alert> : null}
      {verification.isError ? (
        <>
          <Alert tone="error">{messages.auth.verifyFailed}</Alert>
          <p>
            Verification links work once and for 3 days. Already verified? <Link to="/login">Log in</Link>. Link
            expired? <Link to="/reset-password">Reset your password</Link>: that verifies your address too.
          </p>
        </>
      ) : null}
    </AuthCard>
  );
}
