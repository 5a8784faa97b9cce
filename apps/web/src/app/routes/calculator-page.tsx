/**
 * A calculator page (/calculator/{product}, thesis at /pricing-calculator): the 'Pricing Calculator' banner, the
 * carousel of all seven calculators, the page title and the generic calculator for this product.
 */
import { useLocation } from 'react-router-dom';
import { CalculatorCarousel } from '#features/calculators/components/calculator-carousel.tsx';
import { Calculator } from '#features/calculators/components/calculator.tsx';
import { pageTitle, productForCalculatorPath } from '#features/calculators/lib/calculator-copy.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useLoggedIn } from '../session';
import NotFoundRoute from './not-found';

export default function CalculatorPageRoute() {
  const { pathname } = useLocation();
  const product = productForCalculatorPath(pathname.toLowerCase().replace(/\/+$/, ''));
  const loggedIn = useLoggedIn();
  useDocumentTitle(product ? pageTitle(product) : 'Page not found');
  if (!product) return <NotFoundRoute />;
  return (
    <>
      <div className="b-banner">
        <div className="b-container">
          <p className="b-eyebrow" style={{ color: 'var(--b-yellow-400)' }}>
            Instant quote
          </p>
          <p style={{ fontSize: 'var(--b-text-2xl)', fontWeight: 800 }}>Pricing Calculator</p>
        </div>
      </div>
      <div className="b-container b-stack">
        <CalculatorCarousel current={product.slug} />
        <h1>{pageTitle(product)}</h1>
        {/* Re-mount per product so one calculator's choices never leak into another's. */}
        <Calculator key={product.slug} product={product} loggedIn={loggedIn} />
      </div>
    </>
  );
}
