/** /reset-password: ask for a reset link. */
import { RequestResetForm } from '../../features/auth/components/request-reset-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  return <RequestResetForm />;
}
