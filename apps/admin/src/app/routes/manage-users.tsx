/** /manage-users */
import { ManageUsers } from '../../features/users/components/manage-users';

export default function ManageUsersRoute() {
  return <ManageUsers />;
}
