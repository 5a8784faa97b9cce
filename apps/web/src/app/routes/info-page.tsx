/** /about, /portfolio and /print-shop: short company pages sharing one layout. */
import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '#lib/use-document-title.ts';

const PAGES: Record<string, { title: string; intro: string; blocks: { title: string; text: string }[] }> = {
  '/about': {
    title: 'About Bindery',
    intro: 'Bindery prints books on demand for authors, photographers, schools and businesses.',
    blocks: [
      {
        title: 'Print on demand',
        text: 'Every book is printed when it is ordered, so you never pay for stock you do not sell.',
      },
      {
        title: 'Honest pricing',
        text: 'Our calculators show the same prices you pay, with bulk discounts from 100 copies.',
      },
      {
        title: 'People who care',
        text: 'A small team of printers and designers checks every job before it ships.',
      },
    ],
  },
  '/portfolio': {
    title: 'Portfolio',
    intro: 'A few of the books our customers have printed with us.',
    blocks: [
      {
        title: 'Family cookbook',
        text: 'Coil bound, premium color, 120 pages; 60 copies for a family reunion.',
      },
      { title: 'Graduate thesis', text: 'Case-bound thesis with gold foil stamping and corner protectors.' },
      {
        title: 'School yearbook',
        text: 'Linen wrap hardcover, 180 pages in color; 650 copies at a 10% bulk discount.',
      },
      {
        title: 'Indie comic',
        text: 'Saddle stitched, 32 pages of premium color; 500 copies for a convention.',
      },
    ],
  },
  '/print-shop': {
    title: 'Print Shop',
    intro: 'Everything we print, in one place. Pick a product to price it instantly.',
    blocks: [
      { title: 'Books', text: 'Print books, cookbooks, comics and yearbooks in paperback and hardcover.' },
      { title: 'Photo books', text: 'Premium photo books with custom spines, colors and stamping.' },
      { title: 'Magazines & calendars', text: 'Short-run magazines and Wire-O wall calendars.' },
      { title: 'Thesis binding', text: 'Bound theses and dissertations with foil-stamped covers.' },
    ],
  },
};

// The router sends only these paths here; an unknown one (never routed) shows About rather than nothing.
const ABOUT = PAGES['/about'] ?? { title: 'About', intro: '', blocks: [] };

export default function InfoPageRoute() {
  const { pathname } = useLocation();
  const page = PAGES[pathname.toLowerCase()] ?? ABOUT;
  useDocumentTitle(page.title);
  return (
    <div className="b-container b-stack">
      <h1>{page.title}</h1>
      <p className="b-lead">{page.intro}</p>
      <ul className="b-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {page.blocks.map((b) => (
          <li key={b.title} className="b-card b-feature">
            <h2 style={{ fontSize: 'var(--b-text-lg)' }}>{b.title}</h2>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
      <p className="b-row">
        <Link to="/pricing" className="b-btn b-btn--primary">
          See pricing
        </Link>
        <Link to="/calculator/printbook" className="b-btn b-btn--secondary">
          Get an Instant Quote
        </Link>
      </p>
    </div>
  );
}
