/**
 * The msw server every component test shares; tests add handlers with server.use(...). Every admin page asks
 * GET /api/config (the test payment mode banner of the layout): by default it answers a live deployment. Manage
 * Books asks the first-print discount: by default 10 %, on. Order Details asks the order's notes and invoices: by default none.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { adminInvoiceRoutes } from '@bindery/contracts/admin/invoices';
import { adminProductionRoutes } from '@bindery/contracts/admin/production';
import { adminPromotionRoutes, type FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';
import { urlOf } from '@bindery/contracts/route';
import { configRoute, type PublicConfigResponse } from '@bindery/contracts/store/config';
import { healthRoute, type HealthResponse } from '@bindery/contracts/store/health';

export const publicConfig = (
  payments: PublicConfigResponse['payments'] = { card: true, paypal: true, test_mode: false },
) =>
  ({
    web_url: 'http://web.test',
    admin_url: 'http://admin.test',
    api_url: 'http://api.test',
    brand: 'Bindery',
    payments,
  }) satisfies PublicConfigResponse;

export const firstPrintSetting = (
  over: Partial<FirstPrintDiscountSetting> = {},
): FirstPrintDiscountSetting => ({
  enabled: true,
  percent: 10,
  rate_basis_points: 1000,
  text: '10% off first print',
  updated_at: '2026-11-25T10:00:00.000Z',
  ...over,
});

/** GET /api/config answering `publicConfig(payments)`: a test that needs test payment mode uses it. */
export const configHandler = (payments?: PublicConfigResponse['payments']) =>
  http.get(urlOf(configRoute), () => HttpResponse.json(publicConfig(payments)));

/** GET /api/health of a healthy service on PostgreSQL: what the dashboard's service status reads. */
export const healthyHandler = () =>
  http.get(urlOf(healthRoute), () =>
    HttpResponse.json({
      status: 'ok',
      database: { reachable: true, mode: 'postgres' },
      version: '0.1.0',
      uptime_s: 1,
    } satisfies HealthResponse),
  );

export const server = setupServer(
  configHandler(),
  http.get(urlOf(adminPromotionRoutes.firstPrintDiscount), () => HttpResponse.json(firstPrintSetting())),
  http.get(urlOf(adminProductionRoutes.listNotes), () => HttpResponse.json({ notes: [] })),
  http.get(urlOf(adminInvoiceRoutes.list), () => HttpResponse.json({ documents: [] })),
);
