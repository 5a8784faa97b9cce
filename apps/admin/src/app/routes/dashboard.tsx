/** Admin dashboard. */
import { ServiceStatus } from '@bindery/ui/service-status';
import { useHealth } from '../../features/system/api/get-health';

export default function DashboardRoute() {
  return (
    <div className="b-stack">
      <h1>Dashboard</h1>
      <ServiceStatus query={useHealth()} />
    </div>
  );
}
