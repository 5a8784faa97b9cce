/**
 * The review of one certificate (resale-certificates.tsx): which certificate and decision the dialog asks about,
 * the reason a rejection needs (the customer reads it), and the request. The server reviews each certificate
 * once: a 409 (someone else reviewed it meanwhile) closes the dialog with the server's words, and the list
 * refreshes; any other refusal stays in the dialog.
 */
import { useState } from 'react';
import { ApiError } from '@bindery/api-client';
import type { AdminCertificate } from '@bindery/contracts/admin/resale-certificates';
import { messages } from '@bindery/contracts/messages';
import { useReviewCertificate } from '../api/resale-certificates';

const m = messages.certificates;

export type Decision = 'approve' | 'reject';
export type PendingReview = { certificate: AdminCertificate; decision: Decision };

export function useCertificateReview() {
  const review = useReviewCertificate();
  const [open, setOpen] = useState<PendingReview | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function start(certificate: AdminCertificate, decision: Decision) {
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

  const changeReason = (text: string) => {
    setReason(text);
    setReasonError(undefined);
  };

  return {
    open,
    reason,
    reasonError,
    notice,
    busy: review.isPending,
    error: review.isError ? review.error : null,
    start,
    submit,
    changeReason,
    close: () => setOpen(null),
  };
}

export type CertificateReview = ReturnType<typeof useCertificateReview>;
