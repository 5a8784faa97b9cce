/** Friendly 404 for any unknown route. */
import { Link } from 'react-router-dom';

export default function NotFoundRoute() {
  return (
    <div className="b-container b-stack">
      <h1>Page not found</h1>
      <p>We couldn’t find that page. It may have moved, or the link may be mistyped.</p>
      <p className="b-row">
        <Link className="b-btn b-btn--primary" to="/">
          Back to home
        </Link>
        <Link className="b-btn b-btn--secondary" to="/calculator/printbook">
          Price a book
        </Link>
      </p>
    </div>
  );
}
