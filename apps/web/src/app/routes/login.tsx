/** /login */
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function LoginRoute() {
  useDocumentTitle('Login');
  return <LoginForm />;
}
