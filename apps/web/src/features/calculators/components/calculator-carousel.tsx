/** The endless carousel of the seven calculators (docs/spec/calculators-account-admin.md §2), current one marked. */
import { Link } from 'react-router-dom';
import { Carousel } from '@bindery/ui/carousel';
import { PRODUCTS, type CategorySlug } from '@bindery/pricing/products';
import { CALCULATOR_COPY, CAROUSEL_ORDER } from '../lib/calculator-copy';

export function CalculatorCarousel({ current }: { current: CategorySlug }) {
  const items = CAROUSEL_ORDER.map((slug) => {
    const product = PRODUCTS[slug];
    const copy = CALCULATOR_COPY[slug];
    return {
      key: slug,
      content: (
        <Link
          to={product.calculatorPath}
          className="b-tile"
          aria-current={slug === current ? 'page' : undefined}
        >
          <strong>{copy.tile}</strong>
          <span>{copy.blurb}</span>
        </Link>
      ),
    };
  });
  return (
    <Carousel label="calculators" items={items} initialIndex={Math.max(0, CAROUSEL_ORDER.indexOf(current))} />
  );
}
