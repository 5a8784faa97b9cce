/** Manage Orders' status tabs, each with the server's count; a tab keeps the search (?status=&q=). */
import { Link } from 'react-router-dom';
import { ORDER_STATUSES, orderStatusLabel, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { useOrderCounts } from '../api/get-order-counts';

export function StatusTabs({ current, q }: { current: OrderStatus | undefined; q: string }) {
  const { counts } = useOrderCounts();
  const tabs: { status: OrderStatus | undefined; label: string }[] = [
    { status: undefined, label: 'All' },
    ...ORDER_STATUSES.map((status) => ({ status, label: orderStatusLabel(status) })),
  ];
  return (
    <nav aria-label="Orders by status">
      <ul className="b-tabs">
        {tabs.map((t) => {
          const query = new URLSearchParams();
          if (t.status) query.set('status', t.status);
          if (q) query.set('q', q);
          const count = counts[t.status ?? 'all'];
          return (
            <li key={t.label}>
              <Link to={`?${query.toString()}`} aria-current={t.status === current ? 'page' : undefined}>
                {t.label}
                {count === undefined ? null : (
                  <span className="b-muted"> ({count.toLocaleString('en-US')})</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
