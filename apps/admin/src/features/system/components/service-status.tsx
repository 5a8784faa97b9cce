/** Shows whether the API and its database answer: the shell's proof that the SPA reaches the server. */
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import { useHealth } from '../api/get-health';

export function ServiceStatus() {
  const health = useHealth();
  if (health.isPending) return <Spinner label="Checking service status" />;
  if (health.isError) return <Alert tone="error">Service unavailable: {health.error.message}</Alert>;
  const { status, database, version } = health.data;
  return (
    <Alert tone={status === 'ok' ? 'success' : 'warning'}>
      <span data-testid="service-status">
        API {status === 'ok' ? 'online' : 'degraded'} (v{version}); database {database.reachable ? 'reachable' : 'unreachable'} (
        {database.mode === 'embedded' ? 'embedded' : 'PostgreSQL'})
      </span>
    </Alert>
  );
}
