/** /manage-users */
import { ManageUsers } from '#features/users/components/manage-users.tsx';

export default function ManageUsersRoute() {
  return <ManageUsers />;
}
