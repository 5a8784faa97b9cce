/** The calculator's summary beside the form: the configuration as chosen, and the way to a real project. */
import { Link } from 'react-router-dom';
import { Card } from '@bindery/ui/card';
import type { ProductDefinition } from '@bindery/pricing/products';
import { KIND_LABELS } from '#lib/catalog/kind-labels.ts';
import { nameOf, type OptionCascade } from '#lib/catalog/use-option-cascade.ts';
import { SummaryPanel } from './summary-panel';

export function CalculatorSummary({
  product,
  cascade,
  pageCount,
  quantityText,
  loggedIn,
}: {
  product: ProductDefinition;
  cascade: OptionCascade;
  pageCount: number | null;
  quantityText: string;
  loggedIn: boolean;
}) {
  const { kinds, choices } = cascade;
  const lists = cascade.options.data;
  const quantity = Number(quantityText);
  return (
    <aside className="b-calc__summary" aria-label="Your configuration">
      <Card className="b-stack">
        <h2>Summary</h2>
        <SummaryPanel
          product={product}
          rows={[
            ...(product.hasTrimSizes
              ? [{ label: 'Trim Size', value: nameOf(lists?.trim_size, choices.trim_size) }]
              : []),
            ...(product.hasPageCount
              ? [{ label: 'Page Count', value: pageCount === null ? null : String(pageCount) }]
              : []),
            ...kinds
              .filter((d) => d.kind !== 'trim_size')
              .map((d) => ({ label: KIND_LABELS[d.kind], value: nameOf(lists?.[d.kind], choices[d.kind]) })),
            {
              label: 'Quantity',
              value: Number.isInteger(quantity) && quantity > 0 ? String(quantity) : null,
            },
          ]}
        />
        <Link to={loggedIn ? '/userdashboard' : '/login'} className="b-btn b-btn--accent">
          Create Your Print Book
        </Link>
      </Card>
    </aside>
  );
}
