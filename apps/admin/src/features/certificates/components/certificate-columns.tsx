/**
 * The certificates table's columns: uploaded, customer, state, the file (View / Download, fetched with the
 * admin's token), the status, and while pending Approve / Reject, afterwards the review (reason, by whom, when).
 */
import { Button } from '@bindery/ui/button';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';
import type { Column } from '@bindery/ui/table';
import type { AdminCertificate } from '@bindery/contracts/admin/resale-certificates';
import { messages } from '@bindery/contracts/messages';
import { clientText } from '#lib/error-text.ts';
import type { CertificateStatus } from '@bindery/contracts/store/resale-certificates';
import { FileActions } from '#components/file-actions.tsx';
import { certificateFilePath } from '../api/resale-certificates';
import type { Decision } from '../hooks/use-certificate-review';

const m = messages.certificates;
const tones: Record<CertificateStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

/** The server's words for a failed list or review, or the screen's own sentence. */
export const reviewFailure = (error: unknown) => clientText(error, m.reviewFailed);

/** The last column: the actions while pending, the review afterwards. */
function reviewHeader(status: CertificateStatus): string {
  return status === 'pending' ? 'Review' : 'Reviewed';
}

export function certificateColumns(
  status: CertificateStatus,
  start: (certificate: AdminCertificate, decision: Decision) => void,
): Column<AdminCertificate>[] {
  return [
    { key: 'uploaded', header: 'Uploaded', cell: (c) => day(c.created_at) },
    { key: 'customer', header: 'Customer', cell: (c) => `${c.customer.name} (${c.customer.email})` },
    { key: 'state', header: 'State', cell: (c) => c.state },
    {
      key: 'file',
      header: 'File',
      cell: (c) => (
        <div className="b-stack">
          <span>{c.file_name}</span>
          <FileActions
            path={certificateFilePath(c.id)}
            downloadPath={certificateFilePath(c.id, { download: true })}
            label={`certificate of ${c.customer.email} for ${c.state}`}
            baseName={`resale-certificate-${c.state}-${c.id}`}
          />
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => <StatusBadge tone={tones[c.status]}>{m.statusLabels[c.status]}</StatusBadge>,
    },
    {
      key: 'review',
      header: reviewHeader(status),
      cell: (c) =>
        c.status === 'pending' ? (
          <div className="b-row">
            <Button
              size="sm"
              onClick={() => start(c, 'approve')}
              aria-label={`${m.approve} ${c.state} certificate of ${c.customer.email}`}
            >
              {m.approve}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => start(c, 'reject')}
              aria-label={`${m.reject} ${c.state} certificate of ${c.customer.email}`}
            >
              {m.reject}
            </Button>
          </div>
        ) : (
          <span>
            {c.reason ? `${c.reason} — ` : ''}
            {c.reviewed_by?.email ?? ''} {day(c.reviewed_at)}
          </span>
        ),
    },
  ];
}
