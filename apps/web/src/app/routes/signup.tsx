/** /signup */
import { SignupForm } from '../../features/auth/components/signup-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function SignupRoute() {
  useDocumentTitle('Sign Up');
  return <SignupForm />;
}
