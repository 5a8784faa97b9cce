/**
 * Resale certificates (issue 11.11; docs/decisions/0032): the customers' certificates by status, pending first
 * in line (oldest first), each with its customer, state, file (View / Download, fetched with the admin's token)
 * and, while pending, Approve (a confirmation) or Reject (a dialog asking the reason the customer will read).
 * The server reviews each once; a certificate someone else reviewed meanwhile answers 409 and the list refreshes.
 */
import { useState } from 'react';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Dialog } from '@bindery/ui/dialog';
import { TextField } from '@bindery/ui/field';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';
import { Table, type Column } from '@bindery/ui/table';
import type { AdminCertificate } from '@bindery/contracts/admin/resale-certificates';
import { messages } from '@bindery/contracts/messages';
import type { CertificateStatus } from '@bindery/contracts/store/resale-certificates';
import { OrderFileActions } from '#features/orders/components/order-file-actions.tsx';
import { certificateFilePath, useCertificates, useReviewCertificate } from '../api/resale-certificates';

const m = messages.certificates;
const STATUSES: CertificateStatus[] = ['pending', 'approved', 'rejected'];
const tones: Record<CertificateStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');
const failure = (error: unknown) => (error instanceof ApiError ? error.message : m.reviewFailed);

type Pending = { certificate: AdminCertificate; decision: 'approve' | 'reject' };

export function ResaleCertificates() {
  const [status, setStatus] = useState<CertificateStatus>('pending');
  const list = useCertificates(status);
  const review = useReviewCertificate();
  const [open, setOpen] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const shown = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? shown.length;

  function start(certificate: AdminCertificate, decision: 'approve' | 'reject') {
    review.reset();
    setReason('');
    setReasonError(undefined);
    setNotice(null);
    setOpen({ certificate, decision });
  }

  function submit() {
    if (!open) return;
    const { certificate, decision } = open;
    if (decision === 'reject' && reason.trim() === '') {
      setReasonError(m.reasonRequired);
      return;
    }
    const body =
      decision === 'reject'
        ? { id: certificate.id, decision, reason: reason.trim() }
        : { id: certificate.id, decision };
    review.mutate(body, {
      onSuccess: () => {
        setOpen(null);
        setNotice({ tone: 'success', text: decision === 'approve' ? m.approved : m.rejected });
      },
      onError: (error) => {
        // Already reviewed by someone else: the dialog has nothing left to do.
        if (error instanceof ApiError && error.status === 409) {
          setOpen(null);
          setNotice({ tone: 'error', text: error.message });
        }
      },
    });
  }

  const columns: Column<AdminCertificate>[] = [
    { key: 'uploaded', header: 'Uploaded', cell: (c) => day(c.created_at) },
    { key: 'customer', header: 'Customer', cell: (c) => `${c.customer.name} (${c.customer.email})` },
    { key: 'state', header: 'State', cell: (c) => c.state },
    {
      key: 'file',
      header: 'File',
      cell: (c) => (
        <div className="b-stack">
          <span>{c.file_name}</span>
          <OrderFileActions
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

  return (
    <div className="b-stack">
      <h1>{m.adminTitle}</h1>
      <div className="b-row" role="group" aria-label="Status">
        {STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {m.statusLabels[s]}
          </Button>
        ))}
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {list.isError ? <Alert tone="error">{failure(list.error)}</Alert> : null}
      {list.isPending ? (
        <p role="status">{m.loadingCertificates}</p>
      ) : (
        <>
          <p role="status" className="b-muted" style={{ margin: 0 }}>
            {messages.orderScreens.showing(shown.length, total, total === 1 ? 'certificate' : 'certificates')}
          </p>
          <Table
            caption={m.adminTitle}
            captionHidden
            stacked
            columns={columns}
            rows={shown}
            rowKey={(c) => String(c.id)}
            empty={m.adminEmpty(m.statusLabels[status].toLowerCase())}
          />
          {list.hasNextPage ? (
            <div className="b-row">
              <Button
                variant="secondary"
                busy={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {messages.orderScreens.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {open ? (
        <Dialog
          title={open.decision === 'approve' ? m.approve : m.reject}
          message={
            <p>
              {open.decision === 'approve'
                ? m.confirmApprove(open.certificate.state, open.certificate.customer.email)
                : `${m.reject} the ${open.certificate.state} resale certificate of ${open.certificate.customer.email}?`}
            </p>
          }
          confirmLabel={open.decision === 'approve' ? m.approve : m.reject}
          confirmVariant={open.decision === 'approve' ? 'primary' : 'danger'}
          cancelLabel="Back"
          role={open.decision === 'approve' ? 'alertdialog' : 'dialog'}
          busy={review.isPending}
          error={review.isError ? failure(review.error) : null}
          onCancel={() => setOpen(null)}
          onConfirm={submit}
        >
          {open.decision === 'reject' ? (
            <TextField
              label={m.rejectReasonLabel}
              value={reason}
              maxLength={500}
              error={reasonError}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(undefined);
              }}
            />
          ) : null}
        </Dialog>
      ) : null}
    </div>
  );
}

/** The last column: the actions while pending, the review afterwards. */
function reviewHeader(status: CertificateStatus): string {
  return status === 'pending' ? 'Review' : 'Reviewed';
}
