/** Resale certificates as the API answers them (the shared fixture, docs/decisions/0032), and the empty list pages read by default. */
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { certificateRoutes, MyCertificatesResponse } from '@bindery/contracts/store/resale-certificates';

export { certificateFixture as certificate } from '@bindery/contracts/testing/resale-certificates';

/** The account page reads the customer's certificates: none unless a test says otherwise. */
export const noCertificatesHandlers = [
  http.get(urlOf(certificateRoutes.list), () =>
    HttpResponse.json(MyCertificatesResponse.parse({ data: [], next_cursor: null })),
  ),
];
