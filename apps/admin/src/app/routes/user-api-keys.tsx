/** /manage-users/{id}: a customer's page, with their API keys (docs/decisions/0076). */
import { useParams } from 'react-router-dom';
import { UserApiKeys } from '#features/users/components/user-api-keys.tsx';
import NotFoundRoute from './not-found';

export default function UserApiKeysRoute() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? <UserApiKeys key={id} userId={id} /> : <NotFoundRoute />;
}
