/** Approve (a confirmation) or Reject (asks the reason the customer will read) one certificate. */
import { Dialog } from '@bindery/ui/dialog';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import type { CertificateReview, PendingReview } from '../hooks/use-certificate-review';
import { reviewFailure } from './certificate-columns';

const m = messages.certificates;

export function CertificateReviewDialog({
  open: { certificate, decision },
  review,
}: {
  open: PendingReview;
  review: CertificateReview;
}) {
  const approve = decision === 'approve';
  return (
    <Dialog
      title={approve ? m.approve : m.reject}
      message={
        <p>
          {approve
            ? m.confirmApprove(certificate.state, certificate.customer.email)
            : `${m.reject} the ${certificate.state} resale certificate of ${certificate.customer.email}?`}
        </p>
      }
      confirmLabel={approve ? m.approve : m.reject}
      confirmVariant={approve ? 'primary' : 'danger'}
      cancelLabel="Back"
      role={approve ? 'alertdialog' : 'dialog'}
      busy={review.busy}
      error={review.error ? reviewFailure(review.error) : null}
      onCancel={review.close}
      onConfirm={review.submit}
    >
      {approve ? null : (
        <TextField
          label={m.rejectReasonLabel}
          value={review.reason}
          maxLength={500}
          error={review.reasonError}
          onChange={(e) => review.changeReason(e.target.value)}
        />
      )}
    </Dialog>
  );
}
