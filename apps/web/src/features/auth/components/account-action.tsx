/**
 * The header's session control (docs/spec/customer-journey.md §2): Login for guests; Logout when logged in, which ends
 * the session (here and in every other tab) and goes to /login.
 */
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@bindery/ui/button';
import { useLogout } from '../api/logout';

export function AccountAction({ loggedIn }: { loggedIn: boolean }) {
  const logout = useLogout();
  const navigate = useNavigate();
  if (!loggedIn) {
    return (
      <Link to="/login" className="b-btn b-btn--primary b-btn--sm">
        Login
      </Link>
    );
  }
  return (
    <Button
      size="sm"
      busy={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login') })}
    >
      Logout
    </Button>
  );
}
