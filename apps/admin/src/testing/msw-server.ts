/**
 * The msw server every component test shares; tests add handlers with server.use(...). Every admin page asks
 * GET /api/config (the test payment mode banner of the layout): by default it answers a live deployment. Manage
 * Books asks the first-print discount: by default 10 %, on.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';
import type { PublicConfigResponse } from '@bindery/contracts/store/config';

export const publicConfig = (payments: PublicConfigResponse['payments'] = { card: true, paypal: true, test_mode: false }) =>
  ({
    web_url: 'http://web.test',
    admin_url: 'http://admin.test',
    api_url: 'http://api.test',
    brand: 'Bindery',
    payments,
  }) satisfies PublicConfigResponse;

export const firstPrintSetting = (over: Partial<FirstPrintDiscountSetting> = {}): FirstPrintDiscountSetting => ({
  enabled: true,
  percent: 10,
  rate_basis_points: 1000,
  text: '10% off first print',
  updated_at: '2026-11-25T10:00:00.000Z',
  ...over,
});

export const server = setupServer(
  http.get('/api/config', () => HttpResponse.json(publicConfig())),
  http.get('/api/admin/first-print-discount/', () => HttpResponse.json(firstPrintSetting())),
);
