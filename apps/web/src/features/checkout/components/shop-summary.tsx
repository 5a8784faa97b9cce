/**
 * The shop's cart summary (docs/spec/customer-journey.md §2): the projects, then subtotal, the first-print discount when the
 * server gives one (docs/decisions/0033), shipping, taxes and total, all as the server answered them for the chosen
 * service. Before a rate is calculated the amounts are not known.
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import type { ShippingRateResponse, ShippingService } from '@bindery/contracts/store/checkout';
import type { CartItem } from '#lib/cart.ts';
import { formatUsd } from '@bindery/ui/format';
import { isPositiveAmount } from '../lib/amount';

export interface ShopSummaryProps {
  items: CartItem[];
  rate: ShippingRateResponse | null;
  service: ShippingService | null;
  /** Only e-books: nothing is shipped, and the summary says so (docs/decisions/0034). */
  digitalOnly?: boolean;
}

const amount = (value: string | undefined) => (value === undefined ? '—' : formatUsd(value));

export function ShopSummary({ items, rate, service, digitalOnly = false }: ShopSummaryProps) {
  return (
    <section className="b-card b-stack" aria-labelledby="shop-summary-title">
      <h2 id="shop-summary-title">Cart summary</h2>
      <ul className="b-link-list" aria-label="Projects in your cart">
        {items.map((i) => (
          <li key={i.id}>
            {i.title} <span className="b-muted">({categoryDisplayName(i.category)})</span>
          </li>
        ))}
      </ul>
      <dl className="b-quote">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{amount(rate?.subtotal)}</dd>
        </div>
        {rate?.discount && isPositiveAmount(rate.discount) ? (
          <div>
            <dt>{rate.discount_label ?? 'First-print discount'}</dt>
            <dd data-testid="summary-discount">−{formatUsd(rate.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd data-testid="summary-shipping">
            {digitalOnly ? 'None (download)' : amount(service?.total_charge)}
          </dd>
        </div>
        <div>
          <dt>Taxes{rate ? ` (${rate.tax_rate})` : ''}</dt>
          <dd data-testid="summary-tax">{amount(service?.tax)}</dd>
        </div>
        <div className="b-quote__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{amount(service?.total)}</dd>
        </div>
      </dl>
      {rate ? (
        <p className="b-muted">{rate.tax_reason}</p>
      ) : (
        <p className="b-muted">
          {digitalOnly
            ? 'Calculate the total to see taxes and the total.'
            : 'Calculate the shipping rate to see shipping, taxes and the total.'}
        </p>
      )}
    </section>
  );
}
