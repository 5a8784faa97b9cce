/** Admin dashboard: the API's status, the orders by status and the latest orders. */
import { ServiceStatus } from '@bindery/ui/service-status';
import { OrdersAtAGlance } from '#features/orders/components/orders-at-a-glance.tsx';
import { useHealth } from '#features/system/api/get-health.ts';

export default function DashboardRoute() {
  return (
    <div className="b-stack">
      <h1>Dashboard</h1>
      <ServiceStatus query={useHealth()} />
      <OrdersAtAGlance />
    </div>
  );
}
