/** The calculator's side panel: what is chosen so far (docs/spec/calculators-account-admin.md §2). */
import type { ProductDefinition } from '@bindery/pricing/products';

export interface SummaryRow {
  label: string;
  value: string | null;
}

export function SummaryPanel({ product, rows }: { product: ProductDefinition; rows: SummaryRow[] }) {
  return (
    <dl
      className="b-summary"
      data-testid="calculator-summary"
      aria-label={`${product.displayName} configuration`}
    >
      {rows.map((r) => (
        <div key={r.label} style={{ display: 'contents' }}>
          <dt>{r.label}</dt>
          <dd className={r.value === null ? 'b-muted' : undefined}>{r.value ?? 'Not selected'}</dd>
        </div>
      ))}
    </dl>
  );
}
