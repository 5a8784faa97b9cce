/**
 * /account-settings: logged-in customers only; the resale certificate section is the certificates feature's, the
 * address book the checkout feature's (docs/decisions/0074).
 */
import { AccountSettings } from '#features/auth/components/account-settings.tsx';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { AddressBook } from '#features/checkout/components/address-book.tsx';
import { ResaleCertificateSection } from '#features/certificates/components/resale-certificate-section.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

function AccountSettingsPage() {
  const session = useSession();
  return (
    <AccountSettings
      resaleCertificate={session ? <ResaleCertificateSection userId={session.user.id} /> : null}
      addressBook={<AddressBook />}
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
