/**
 * A customer's API keys (docs/decisions/0076), on the user's page (/manage-users/{id}): the keys with their scopes,
 * last use and state; "Create key" with a name and scopes, whose secret is shown once, to copy now; "Revoke" (asked
 * first) stops a key at once.
 */
import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { API_KEY_SCOPES, type ApiKeyScope } from '@bindery/contracts/route';
import type { ApiKey } from '@bindery/contracts/admin/api-keys';
import { messages } from '@bindery/contracts/messages';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { formatWhen } from '@bindery/ui/format';
import { ListLoading } from '@bindery/ui/list-state';
import { Table, type Column } from '@bindery/ui/table';
import { clientText } from '#lib/error-text.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What each scope lets the key do, in the words staff choose by. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalog:read': 'Read the catalog and quote',
  'orders:write': 'Upload, create and pay orders',
  'orders:read': 'Read own orders',
};

export interface UserApiKeysProps {
  userId: number;
  /** Asks before revoking; the browser's confirm dialog by default. */
  confirm?: (question: string) => boolean;
}

export function UserApiKeys({ userId, confirm = (q) => window.confirm(q) }: UserApiKeysProps) {
  const keys = useApiKeys(userId);
  const create = useCreateApiKey(userId);
  const revoke = useRevokeApiKey(userId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['catalog:read']);

  function onCreate(event: SubmitEvent) {
    event.preventDefault();
    create.mutate({ name, scopes }, { onSuccess: () => setName('') });
  }

  function onRevoke(key: ApiKey) {
    if (confirm(`Revoke the key “${key.name}”? Clients using it stop working at once.`))
      revoke.mutate(key.id);
  }

  const columns: Column<ApiKey>[] = [
    { key: 'name', header: 'Name', cell: (k) => k.name },
    { key: 'key', header: 'Key', cell: (k) => <code>{`bnd_${k.mode}_${k.prefix}_…`}</code> },
    { key: 'scopes', header: 'Scopes', cell: (k) => k.scopes.join(', ') },
    { key: 'last-used', header: 'Last used', cell: (k) => formatWhen(when, k.last_used_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (k) =>
        k.revoked_at ? (
          `Revoked ${formatWhen(when, k.revoked_at)}`
        ) : (
          <Button
            size="sm"
            variant="danger"
            aria-label={`Revoke ${k.name}`}
            disabled={revoke.isPending && revoke.variables === k.id}
            onClick={() => onRevoke(k)}
          >
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <div className="b-stack">
      <p>
        <Link to="/manage-users">{messages.admin.manageUsers}</Link>
      </p>
      <h1>{keys.data ? `API keys of ${keys.data.user.name}` : 'API keys'}</h1>
      {keys.data ? <p>{keys.data.user.email}</p> : null}
      {keys.isError ? (
        <Alert tone="error">{clientText(keys.error, messages.generic.networkError)}</Alert>
      ) : null}
      {revoke.isError ? (
        <Alert tone="error">{clientText(revoke.error, messages.generic.serverError)}</Alert>
      ) : null}
      {keys.isPending ? (
        <ListLoading>Loading API keys...</ListLoading>
      ) : (
        <Table
          caption="API keys"
          captionHidden
          columns={columns}
          rows={keys.data?.data ?? []}
          rowKey={(k) => String(k.id)}
          empty="No API keys yet."
        />
      )}
      <form className="b-stack" onSubmit={onCreate} aria-label="Create an API key">
        <h2>Create a key</h2>
        <TextField
          label="Key name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset>
          <legend>Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="b-check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes((now) => (e.target.checked ? [...now, scope] : now.filter((s) => s !== scope)))
                }
              />{' '}
              {`${scope}: ${SCOPE_LABELS[scope]}`}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={create.isPending || scopes.length === 0 || name.trim() === ''}>
          Create key
        </Button>
      </form>
      {create.isError ? (
        <Alert tone="error">{clientText(create.error, messages.generic.serverError)}</Alert>
      ) : null}
      {create.data ? (
        <Alert tone="success">
          Copy this key now: it is shown only once. <code aria-label="New API key">{create.data.secret}</code>
        </Alert>
      ) : null}
    </div>
  );
}
