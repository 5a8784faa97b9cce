/** Home page. */
import { Link } from 'react-router-dom';

export default function HomeRoute() {
  return (
    <div className="b-container b-stack">
      <h1>Print your book, your way</h1>
      <p>Books, photo books, comics, magazines, yearbooks, calendars and thesis binding, printed on demand.</p>
      <p>
        <Link to="/status">Service status</Link>
      </p>
    </div>
  );
}
