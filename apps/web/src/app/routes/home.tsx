/** Home (docs/spec/customer-journey.md §2): hero with 'Get an Instant Quote' → /calculator/printbook and the first-print promo. */
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PRODUCTS } from '@bindery/pricing/products';
import { productArt } from '#lib/product-art.ts';

// Tile copy per category; each tile links to its calculator as the product definitions name it.
const products = (
  [
    { slug: 'calculator', name: 'Print Books', text: 'Novels, memoirs, manuals: paperback or hardcover.' },
    { slug: 'photobook', name: 'Photo Books', text: 'Lay-flat color on coated paper with premium covers.' },
    { slug: 'comicbook', name: 'Comic Books', text: 'Vivid color, saddle stitched or perfect bound.' },
    { slug: 'magazine', name: 'Magazines', text: 'Short runs of glossy magazines and zines.' },
    { slug: 'yearbook', name: 'Yearbooks', text: 'Keepsakes for schools, clubs and teams.' },
    { slug: 'calender', name: 'Calendars', text: 'Wire-O wall calendars for gifts and promotion.' },
    { slug: 'pricing', name: 'Thesis Binding', text: 'Case-bound theses with foil-stamped covers.' },
  ] as const
).map((p) => ({ ...p, to: PRODUCTS[p.slug].calculatorPath }));

const BookArt = () => (
  <svg viewBox="0 0 320 240" role="img" aria-label="A stack of printed books">
    <rect x="40" y="160" width="240" height="36" rx="4" fill="#f8c20a" />
    <rect x="56" y="120" width="208" height="36" rx="4" fill="#ffffff" />
    <rect x="48" y="80" width="224" height="36" rx="4" fill="#1b2a5e" />
    <rect x="70" y="40" width="180" height="36" rx="4" fill="#e3f2fb" />
    <rect x="64" y="172" width="120" height="6" rx="3" fill="#1b2a5e" opacity="0.5" />
    <rect x="80" y="132" width="100" height="6" rx="3" fill="#016ab3" opacity="0.6" />
    <rect x="72" y="92" width="140" height="6" rx="3" fill="#ffffff" opacity="0.7" />
    <rect x="92" y="52" width="90" height="6" rx="3" fill="#016ab3" opacity="0.6" />
  </svg>
);

/**
 * "10% off first print" at the rate staff set (GET /api/config → first_print_discount; docs/decisions/0033), hidden
 * when it is off. Nothing is promised before the server has said what it gives (nor when it cannot be asked). The
 * API client (and zod with it) is imported when the query runs, so it stays out of the home route's first load;
 * the query is the one features/system/api/get-config.ts names, so the answer is shared.
 */
function FirstPrintPromo() {
  const promo = useQuery({
    queryKey: ['public-config'],
    queryFn: async ({ signal }) => (await import('#lib/api-client.ts')).api.config(signal),
    staleTime: Infinity,
  }).data?.first_print_discount;
  return promo?.enabled ? <p className="b-promo">{promo.text}</p> : null;
}

export default function HomeRoute() {
  return (
    <div className="b-container">
      <section className="b-hero" aria-labelledby="hero-title">
        <div>
          <FirstPrintPromo />
          <h1 id="hero-title">Print your book, your way</h1>
          <p>
            Books, photo books, comics, magazines, yearbooks, calendars and thesis binding, printed on demand
            from one copy to thousands, with bulk discounts from 100 copies.
          </p>
          <div className="b-row">
            <Link to="/calculator/printbook" className="b-btn b-btn--accent">
              Get an Instant Quote
            </Link>
            <Link to="/pricing" className="b-btn b-btn--secondary">
              See all pricing
            </Link>
          </div>
        </div>
        <div className="b-hero__art">
          <BookArt />
        </div>
      </section>

      <section className="b-section" aria-labelledby="what-title">
        <h2 id="what-title">What would you like to print?</h2>
        <ul className="b-product-cards">
          {products.map((p) => (
            <li key={p.to}>
              <Link to={p.to} className="b-product-card">
                <img src={productArt(p.slug)} alt="" width={200} height={120} />
                <strong>{p.name}</strong>
                <span>{p.text}</span>
                <span className="b-product-card__more" aria-hidden="true">
                  Get a price →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="b-section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="b-steps">
          <li>
            <h3>Price it</h3>
            <p>
              Choose trim size, pages, binding, paper and finish. The price comes straight from our print
              price list.
            </p>
          </li>
          <li>
            <h3>Upload</h3>
            <p>Create a project, upload your interior PDF and a cover, or ask our cover design expert.</p>
          </li>
          <li>
            <h3>Print &amp; ship</h3>
            <p>We print on demand and ship with DHL or FedEx, with tracking to your door.</p>
          </li>
        </ol>
      </section>
    </div>
  );
}
