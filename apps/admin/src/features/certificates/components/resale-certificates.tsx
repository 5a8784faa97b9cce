/**
 * Resale certificates (docs/decisions/0032): the customers' certificates by status, pending first
 * in line (oldest first), each with its customer, state, file (View / Download, fetched with the admin's token)
 * and, while pending, Approve (a confirmation) or Reject (a dialog asking the reason the customer will read).
 * The server reviews each once; a certificate someone else reviewed meanwhile answers 409 and the list refreshes.
 * The parts: certificate-columns, certificate-review-dialog, hooks/use-certificate-review.
 */
import { useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { ListCount, ListLoading, LoadMore } from '@bindery/ui/list-state';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { CertificateStatus } from '@bindery/contracts/store/resale-certificates';
import { useCertificates } from '../api/resale-certificates';
import { useCertificateReview } from '../hooks/use-certificate-review';
import { certificateColumns, reviewFailure } from './certificate-columns';
import { CertificateReviewDialog } from './certificate-review-dialog';

const m = messages.certificates;
const STATUSES: CertificateStatus[] = ['pending', 'approved', 'rejected'];

export function ResaleCertificates() {
  const [status, setStatus] = useState<CertificateStatus>('pending');
  const list = useCertificates(status);
  const review = useCertificateReview();
  const shown = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? shown.length;

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
      {review.notice ? <Alert tone={review.notice.tone}>{review.notice.text}</Alert> : null}
      {list.isError ? <Alert tone="error">{reviewFailure(list.error)}</Alert> : null}
      {list.isPending ? (
        <ListLoading>{m.loadingCertificates}</ListLoading>
      ) : (
        <>
          <ListCount shown={shown.length} total={total} noun={['certificate', 'certificates']} />
          <Table
            caption={m.adminTitle}
            captionHidden
            stacked
            columns={certificateColumns(status, review.start)}
            rows={shown}
            rowKey={(c) => String(c.id)}
            empty={m.adminEmpty(m.statusLabels[status].toLowerCase())}
          />
          <LoadMore list={list} />
        </>
      )}
      {review.open ? <CertificateReviewDialog open={review.open} review={review} /> : null}
    </div>
  );
}
