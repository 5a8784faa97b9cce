/** Service status: calls /api/health through the shared client. */
import { ServiceStatus } from '@bindery/ui/service-status';
import { useHealth } from '#features/system/api/get-health.ts';

export default function StatusRoute() {
  return (
    <div className="b-container b-stack">
      <h1>Service status</h1>
      <ServiceStatus query={useHealth()} />
    </div>
  );
}
