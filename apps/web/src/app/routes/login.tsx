/** /login */
import { LoginForm } from '#features/auth/components/login-form.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function LoginRoute() {
  useDocumentTitle('Login');
  return <LoginForm />;
}
