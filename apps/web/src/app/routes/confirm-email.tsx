/** /confirm-email/:uidb64/:emailb64/:token: the link from the mail to a new address (docs/decisions/0074). */
import { useParams } from 'react-router-dom';
import { ConfirmEmailStatus } from '#features/auth/components/confirm-email-status.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function ConfirmEmailRoute() {
  useDocumentTitle('Confirm Email');
  const { uidb64 = '', emailb64 = '', token = '' } = useParams();
  return <ConfirmEmailStatus uidb64={uidb64} emailb64={emailb64} token={token} />;
}
