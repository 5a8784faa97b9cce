/** Right side of the admin header: the signed-in admin and Logout. */
import { LogoutButton } from '#features/auth/components/logout-button.tsx';

export function AdminHeaderActions() {
  return (
    <div className="b-row">
      <LogoutButton />
    </div>
  );
}
