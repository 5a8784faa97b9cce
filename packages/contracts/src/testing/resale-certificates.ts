/**
 * Resale certificates as the API answers them (docs/decisions/0032), for the tests of both SPAs: one customer's
 * certificate, and the same certificate as staff see it (with its customer and reviewer). Test data only: no app
 * code imports `@bindery/contracts/testing/*`.
 */
import type { AdminCertificate } from '../admin/resale-certificates.js';
import type { ResaleCertificate } from '../store/resale-certificates.js';

export function certificateFixture(overrides: Partial<ResaleCertificate> = {}): ResaleCertificate {
  return {
    id: 1,
    state: 'TX',
    status: 'pending',
    reason: null,
    file_name: 'texas-01-339.pdf',
    content_type: 'application/pdf',
    size_bytes: 48_213,
    page_count: 1,
    width_px: null,
    height_px: null,
    created_at: '2026-11-20T15:04:05.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

export function adminCertificateFixture(overrides: Partial<AdminCertificate> = {}): AdminCertificate {
  return {
    ...certificateFixture(),
    customer: { id: 7, name: 'Ann Reader', email: 'ann@example.test' },
    reviewed_by: null,
    ...overrides,
  };
}
