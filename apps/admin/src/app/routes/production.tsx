/** /admin/production: the production queue, job tickets and packing slips (docs/decisions/0071). */
import { ProductionQueue } from '#features/production/components/production-queue.tsx';

export default function ProductionRoute() {
  return <ProductionQueue />;
}
