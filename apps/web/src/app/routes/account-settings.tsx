/** /account-settings: logged-in customers only; the resale certificate section is the certificates feature's. */
import { AccountSettings } from '#features/auth/components/account-settings.tsx';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { ResaleCertificateSection } from '#features/certificates/components/resale-certificate-section.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

function AccountSettingsPage() {
  const session = useSession();
  return (
    <AccountSettings
      resaleCertificate={session ? <ResaleCertificateSection userId={session.user.id} /> : null}
    />
  );
}

export default function AccountSettingsRoute() {
  useDocumentTitle('Account Settings');
  return (
    <RequireSession>
      <AccountSettingsPage />
    </RequireSession>
  );
}
