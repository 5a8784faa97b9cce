/**
 * The server's quote, so that its figures agree to the cent: list price per book × quantity = original total, less
 * the bulk discount (tier and amount) = the total; then the cost per book (the total per copy, rounded) and the
 * per-book price at every discount tier for this configuration, with the quantity's tier marked. The per-book
 * price after a discount is rounded, so it is never shown as a factor of a total.
 */
import { Table } from '@bindery/ui/table';
import type { QuoteView, TierRow } from '#lib/catalog/quote-view.ts';
import { formatUsd } from '@bindery/ui/format';

export function QuoteResult({ quote }: { quote: QuoteView }) {
  const tier = quote.tiers.find((t) => t.current);
  return (
    <section
      className="b-stack b-section"
      aria-labelledby="quote-title"
      data-testid="quote-result"
      style={{ paddingBottom: 0 }}
    >
      <h2 id="quote-title" tabIndex={-1}>
        Your price for {quote.quantity} {quote.quantity === 1 ? 'copy' : 'copies'}
      </h2>
      <dl className="b-quote">
        <div>
          <dt>List price per book</dt>
          <dd data-testid="quote-unit-price">{formatUsd(quote.unitPrice)}</dd>
        </div>
        <div>
          <dt>
            Original total ({quote.quantity} × {formatUsd(quote.unitPrice)})
          </dt>
          <dd data-testid="quote-original-total">{formatUsd(quote.originalTotal)}</dd>
        </div>
        <div>
          <dt>
            Bulk discount
            {quote.discountPercent > 0 && tier ? ` (${quote.discountPercent}%, ${tier.label} copies)` : ''}
          </dt>
          <dd data-testid="quote-discount">
            {quote.discountPercent > 0 ? `−${formatUsd(quote.discountAmount)}` : 'None'}
          </dd>
        </div>
        <div className="b-quote__total">
          <dt>Total</dt>
          <dd data-testid="quote-total">{formatUsd(quote.total)}</dd>
        </div>
        <div>
          {/* The discount is taken on the whole line, so this is the total per copy, rounded: never a factor. */}
          <dt>Cost per book (total ÷ {quote.quantity}, rounded)</dt>
          <dd data-testid="quote-cost-per-book">{formatUsd(quote.costPerBook)}</dd>
        </div>
      </dl>
      <Table<TierRow>
        caption="Bulk discounts for this configuration"
        columns={[
          { key: 'qty', header: 'Quantity', cell: (r) => `${r.label} copies` },
          {
            key: 'off',
            header: 'Discount',
            cell: (r) => (r.percent === 0 ? 'None' : `${r.percent}%`),
            numeric: true,
          },
          { key: 'each', header: 'Per book', cell: (r) => formatUsd(r.costPerBook), numeric: true },
        ]}
        rows={quote.tiers}
        rowKey={(r) => r.label}
        isCurrent={(r) => r.current}
      />
    </section>
  );
}
