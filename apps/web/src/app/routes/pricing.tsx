/** /pricing: every calculator in one place, and the bulk-discount tiers that apply to all of them. */
import { Link } from 'react-router-dom';
import { BULK_DISCOUNT_TIERS, tierLabel } from '@bindery/pricing/discounts';
import { PRODUCTS } from '@bindery/pricing/products';
import { Table } from '@bindery/ui/table';
import { CALCULATOR_COPY, CAROUSEL_ORDER } from '#features/calculators/lib/calculator-copy.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function PricingRoute() {
  useDocumentTitle('Pricing');
  return (
    <div className="b-container b-stack">
      <h1>Pricing</h1>
      <p className="b-lead">
        Pick a product to get an instant quote from our current price list. No account needed.
      </p>
      <ul className="b-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {CAROUSEL_ORDER.map((slug) => (
          <li key={slug}>
            <Link to={PRODUCTS[slug].calculatorPath} className="b-tile">
              <strong>{CALCULATOR_COPY[slug].tile}</strong>
              <span>{CALCULATOR_COPY[slug].blurb}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Table
        caption="Bulk discounts on every product"
        columns={[
          { key: 'qty', header: 'Quantity', cell: (t) => `${tierLabel(t)} copies` },
          {
            key: 'off',
            header: 'Discount',
            cell: (t) => (t.percent === 0 ? 'None' : `${t.percent}% off`),
            numeric: true,
          },
        ]}
        rows={[...BULK_DISCOUNT_TIERS]}
        rowKey={(t) => String(t.minQuantity)}
      />
    </div>
  );
}
