/**
 * Shows whether the API and its database answer. Takes any query-like state (a TanStack `useQuery` result
 * fits), so each app keeps its own data hook and both show the same thing.
 */
import { Alert } from './alert.js';
import { Spinner } from './spinner.js';

export interface ServiceHealth {
  status: 'ok' | 'degraded';
  version: string;
  database: { reachable: boolean; mode: 'embedded' | 'postgres' };
}

export interface ServiceStatusProps {
  query: { isPending: boolean; error: { message: string } | null; data?: ServiceHealth };
}

export function ServiceStatus({ query }: ServiceStatusProps) {
  if (query.isPending) return <Spinner label="Checking service status" />;
  if (query.error || !query.data) return <Alert tone="error">Service unavailable: {query.error?.message}</Alert>;
  const { status, database, version } = query.data;
  return (
    <Alert tone={status === 'ok' ? 'success' : 'warning'}>
      <span data-testid="service-status">
        API {status === 'ok' ? 'online' : 'degraded'} (v{version}); database {database.reachable ? 'reachable' : 'unreachable'} (
        {database.mode === 'embedded' ? 'embedded' : 'PostgreSQL'})
      </span>
    </Alert>
  );
}
