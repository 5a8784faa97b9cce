/**
 * The site footer (docs/spec/customer-journey.md §2): a newsletter e-mail field (the spec gives it no behaviour, so it
 * only confirms locally and sends nothing), contact and legal texts, and the year 2025 (the spec's, §9).
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { productLinks, resourceLinks } from './nav-links';

/**
 * The copyright year is the year the site was first published, the spec's 2025 (docs/spec/customer-journey.md §9), not
 * the visitor's clock: docs/decisions/0027 (replacing 0010's current year).
 */
export const COPYRIGHT_YEAR = 2025;

export function SiteFooter() {
  const emailId = useId();
  const [note, setNote] = useState('');
  const onSubscribe = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNote('Thanks! Newsletter sign-up opens soon; nothing has been sent.');
  };
  return (
    <footer className="b-footer">
      <div className="b-container">
        <div className="b-footer__grid">
          <section aria-labelledby="footer-about">
            <h2 id="footer-about">Bindery</h2>
            <p>
              Print-on-demand books, photo books, comics, magazines, yearbooks, calendars and thesis binding.
            </p>
            <p>
              Contact: <a href="mailto:hello@bindery.example">hello@bindery.example</a>
              <br />
              Mon–Fri, 9:00–17:00
            </p>
          </section>
          <nav aria-labelledby="footer-products">
            <h2 id="footer-products">Products</h2>
            <ul className="b-link-list">
              {productLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-resources">
            <h2 id="footer-resources">Resources</h2>
            <ul className="b-link-list">
              {resourceLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="footer-subscribe">
            <h2 id="footer-subscribe">Stay in the loop</h2>
            <form onSubmit={onSubscribe} className="b-stack">
              <div className="b-field">
                <label className="b-label" htmlFor={emailId}>
                  Email address
                </label>
                <input
                  id={emailId}
                  className="b-input"
                  type="email"
                  name="email"
                  placeholder="you@example.com"
                  autoComplete="email"
                />
              </div>
              <button type="submit" className="b-btn b-btn--accent">
                Subscribe
              </button>
              {note ? <p role="status">{note}</p> : null}
            </form>
          </section>
        </div>
        <div className="b-footer__legal">
          <p>
            © {COPYRIGHT_YEAR} Bindery. All rights reserved. Prices shown by our calculators are estimates
            until your order is confirmed; taxes and shipping are calculated at checkout.
          </p>
          <p>
            <Link to="/resources/contact-resources">Contact</Link> · <Link to="/about">About</Link> ·{' '}
            <Link to="/pricing">Pricing</Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
