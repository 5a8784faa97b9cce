/** /account-settings: logged-in customers only. */
import { AccountSettings } from '#features/auth/components/account-settings.tsx';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function AccountSettingsRoute() {
  useDocumentTitle('Account Settings');
  return (
    <RequireSession>
      <AccountSettings />
    </RequireSession>
  );
}
