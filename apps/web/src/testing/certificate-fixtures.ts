/** Resale certificates as the API answers them (docs/decisions/0032), and the empty list pages read by default. */
import { http, HttpResponse } from 'msw';
import { MyCertificatesResponse, type ResaleCertificate } from '@bindery/contracts/store/resale-certificates';

export function certificate(overrides: Partial<ResaleCertificate> = {}): ResaleCertificate {
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

/** The account page reads the customer's certificates: none unless a test says otherwise. */
export const noCertificatesHandlers = [
  http.get('/api/resale-certificates/', () =>
    HttpResponse.json(MyCertificatesResponse.parse({ data: [], next_cursor: null })),
  ),
];
