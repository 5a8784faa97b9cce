/** /signup */
import { SignupForm } from '#features/auth/components/signup-form.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function SignupRoute() {
  useDocumentTitle('Sign Up');
  return <SignupForm />;
}
