/** /reset-password/:uidb64/:token: the link from the reset mail. */
import { useParams } from 'react-router-dom';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function ResetPasswordConfirmRoute() {
  useDocumentTitle('Set New Password');
  const { uidb64 = '', token = '' } = useParams();
  return <ResetPasswordForm uidb64={uidb64} token={token} />;
}
