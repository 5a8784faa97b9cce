/** /account-settings: logged-in customers only. */
import { AccountSettings } from '../../features/auth/components/account-settings';
import { RequireSession } from '../../features/auth/components/require-session';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function AccountSettingsRoute() {
  useDocumentTitle('Account Settings');
  return (
    <RequireSession>
      <AccountSettings />
    </RequireSession>
  );
}
