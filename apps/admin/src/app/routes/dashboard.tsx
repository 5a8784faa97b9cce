/** Admin dashboard. */
import { ServiceStatus } from '../../features/system/components/service-status';

export default function DashboardRoute() {
  return (
    <div className="b-stack">
      <h1>Dashboard</h1>
      <ServiceStatus />
    </div>
  );
}
