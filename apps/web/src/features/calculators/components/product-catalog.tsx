/**
 * A product page's live catalog: the trim sizes, bindings and paper types of a category as the catalog API lists
 * them today, so product pages never drift from what the calculator offers.
 */
import { optionLabel } from '#lib/catalog/option-lists.ts';
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { useOptions } from '#lib/catalog/get-options.ts';

const SHOWN: { kind: OptionKind; title: string }[] = [
  { kind: 'trim_size', title: 'Trim sizes' },
  { kind: 'binding', title: 'Bindings' },
  { kind: 'paper_type', title: 'Papers' },
  { kind: 'interior_color', title: 'Interior colors' },
  { kind: 'cover_finish', title: 'Cover finishes' },
];

export function ProductCatalog({ product }: { product: ProductDefinition }) {
  const options = useOptions(product);
  if (options.isPending) return <Spinner label="Loading options..." />;
  if (options.isError) return <Alert tone="error">{messages.calculators.loadDropdownsFailed}</Alert>;
  return (
    <div className="b-grid">
      {SHOWN.filter((s) => (options.data[s.kind]?.length ?? 0) > 0).map((s) => (
        <section key={s.kind} className="b-card" aria-labelledby={`catalog-${s.kind}`}>
          <h3 id={`catalog-${s.kind}`}>{s.title}</h3>
          <ul className="b-chip-list">
            {/* Bindings priced per trim size repeat per trim: list each name once. */}
            {[...new Set((options.data[s.kind] ?? []).map(optionLabel))].map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
