/** Friendly 404 inside the admin frame. */
import { Link } from 'react-router-dom';

export default function NotFoundRoute() {
  return (
    <div className="b-stack">
      <h1>Page not found</h1>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </div>
  );
}
