/**
 * The admin's review of resale certificates (docs/decisions/0032):
 * - GET  api/admin/resale-certificates/?status  one status at a time (pending: oldest first), keyset-paged
 * - POST api/admin/resale-certificates/{id}/approve/ and …/reject/ {reason}: once, while pending (409 otherwise);
 *   every loaded list is refreshed afterwards, so the certificate moves from Pending to its new tab.
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCertificateRoutes } from '@bindery/contracts/admin/resale-certificates';
import { pathOf } from '@bindery/contracts/route';
import type { CertificateStatus } from '@bindery/contracts/store/resale-certificates';
import { api } from '#lib/api-client.ts';

export const CERTIFICATES_PAGE_SIZE = 50;
export const CERTIFICATES_QUERY_KEY = ['admin', 'resale-certificates'] as const;

export const getCertificates = (
  query: { status: CertificateStatus; cursor?: string; limit?: number },
  signal?: AbortSignal,
) => api.call(adminCertificateRoutes.list, { query }, { signal });

export const certificatesQueryOptions = (status: CertificateStatus) =>
  infiniteQueryOptions({
    queryKey: [...CERTIFICATES_QUERY_KEY, status],
    queryFn: ({ pageParam, signal }) =>
      getCertificates({ status, limit: CERTIFICATES_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useCertificates = (status: CertificateStatus) =>
  useInfiniteQuery(certificatesQueryOptions(status));

/** GET api/admin/resale-certificates/{id}/file/ (inline, or ?download=true): bytes, fetched with the token. */
export const certificateFilePath = (id: number, { download = false } = {}) =>
  `${pathOf(adminCertificateRoutes.file, { id })}${download ? '?download=true' : ''}`;

export type Review = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

export const reviewCertificate = (review: Review) =>
  review.decision === 'reject'
    ? api.call(adminCertificateRoutes.reject, { params: { id: review.id }, body: { reason: review.reason } })
    : api.call(adminCertificateRoutes.approve, { params: { id: review.id } });

export function useReviewCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCertificate,
    // Also after a 409: someone else reviewed it meanwhile, and the lists should show that.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_QUERY_KEY }),
  });
}
