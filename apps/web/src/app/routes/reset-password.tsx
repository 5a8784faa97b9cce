/** /reset-password: ask for a reset link. */
import { RequestResetForm } from '#features/auth/components/request-reset-form.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  return <RequestResetForm />;
}
