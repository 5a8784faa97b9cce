/** /verify-email/:uidb64/:token: the link from the verification mail. */
import { useParams } from 'react-router-dom';
import { VerifyEmailStatus } from '#features/auth/components/verify-email-status.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function VerifyEmailRoute() {
  useDocumentTitle('Verify Email');
  const { uidb64 = '', token = '' } = useParams();
  return <VerifyEmailStatus uidb64={uidb64} token={token} />;
}
