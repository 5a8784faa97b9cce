/** The customer's resale certificates with their review status and any rejection reason, keyset-paged. */
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { CertificateStatus, ResaleCertificate } from '@bindery/contracts/store/resale-certificates';
import { usStateOptions } from '#lib/regions.ts';
import { useMyCertificates } from '../api/resale-certificates';

const m = messages.certificates;

const tones: Record<CertificateStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return <StatusBadge tone={tones[status]}>{m.statusLabels[status]}</StatusBadge>;
}

const stateName = (code: string) => usStateOptions.find((s) => s.value === code)?.label ?? code;

export function CertificateList({ userId }: { userId: number }) {
  const list = useMyCertificates(userId);
  const certificates = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      {list.isError ? (
        <Alert tone="error">{m.loadFailed}</Alert>
      ) : (
        <Table<ResaleCertificate>
          caption="Your resale certificates"
          captionHidden
          stacked
          rows={certificates}
          rowKey={(c) => String(c.id)}
          empty={list.isPending ? 'Loading...' : m.none}
          columns={[
            { key: 'state', header: 'State', cell: (c) => `${stateName(c.state)} (${c.state})` },
            { key: 'file', header: 'File', cell: (c) => c.file_name },
            {
              key: 'uploaded',
              header: 'Uploaded',
              cell: (c) => new Date(c.created_at).toLocaleDateString('en-US'),
            },
            { key: 'status', header: 'Status', cell: (c) => <CertificateStatusBadge status={c.status} /> },
            { key: 'reason', header: 'Reason', cell: (c) => c.reason ?? '' },
          ]}
        />
      )}
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            busy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}
