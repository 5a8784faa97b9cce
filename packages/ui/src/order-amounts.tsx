/**
 * An order's money lines: subtotal, the first-print discount when there is one, shipping, tax at its rate, the
 * total and, on the customer's order page, what was refunded. The payment page, the customer's order page and the
 * admin's Order Details show them the same way (ADR 0045). Every figure is the server's decimal text, printed as
 * is: nothing is added up here (the server is the authority on money).
 */
import type { OrderAmounts as OrderAmountsData } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { formatUsd, isPositiveAmount as isPositive } from './format';

const t = messages.orderAmounts;

export interface OrderAmountsProps {
  /** The order (store Order or AdminOrderDetail) or anything with its amounts. */
  amounts: OrderAmountsData;
  /** The shipping line's words; the shop names the service (messages.orderAmounts.shippingBy / shippingNone). */
  shippingLabel?: string;
  /** Money refunded so far: a line under the total when positive (the customer's order page). */
  refunded?: string;
  /** An accessible name for the list, when no heading names the box it is in. */
  label?: string;
}

/** The amounts as a `.b-quote` list; each figure has a test id (order-subtotal, …, order-total, order-refunded). */
export function OrderAmounts({ amounts: a, shippingLabel = t.shipping, refunded, label }: OrderAmountsProps) {
  return (
    <dl className="b-quote" aria-label={label}>
      <div>
        <dt>{t.subtotal}</dt>
        <dd data-testid="order-subtotal">{formatUsd(a.subtotal)}</dd>
      </div>
      {isPositive(a.discount) ? (
        <div>
          <dt>{t.firstPrintDiscount}</dt>
          <dd data-testid="order-discount">−{formatUsd(a.discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{shippingLabel}</dt>
        <dd data-testid="order-shipping">{formatUsd(a.shipping)}</dd>
      </div>
      <div>
        <dt>{t.tax(a.tax_rate)}</dt>
        <dd data-testid="order-tax">{formatUsd(a.tax)}</dd>
      </div>
      <div className="b-quote__total">
        <dt>{t.total}</dt>
        <dd data-testid="order-total">{formatUsd(a.total)}</dd>
      </div>
      {refunded !== undefined && isPositive(refunded) ? (
        <div>
          <dt>{t.refunded}</dt>
          <dd data-testid="order-refunded">−{formatUsd(refunded)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
