/** Service status: calls /api/health through the shared client. */
import { ServiceStatus } from '../../features/system/components/service-status';

export default function StatusRoute() {
  return (
    <div className="b-container b-stack">
      <h1>Service status</h1>
      <ServiceStatus />
    </div>
  );
}
