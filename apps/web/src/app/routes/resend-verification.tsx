/** /resend-verification: ask for a new verification link (docs/decisions/0059). */
import { ResendVerificationForm } from '#features/auth/components/resend-verification-form.tsx';
import { messages } from '@bindery/contracts/messages';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function ResendVerificationRoute() {
  useDocumentTitle(messages.auth.resendVerification);
  return <ResendVerificationForm />;
}
