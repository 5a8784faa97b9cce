/** /admin/price-history (?q, ?category, ?editor; ?category&at from Order Details) */
import { PriceHistory } from '#features/price-audit/components/price-history.tsx';

export default function PriceHistoryRoute() {
  return <PriceHistory />;
}
