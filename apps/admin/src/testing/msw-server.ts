/**
 * The msw server every component test shares; tests add handlers with server.use(...). Every admin page asks
 * GET /api/config (the test payment mode banner of the layout): by default it answers a live deployment.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PublicConfigResponse } from '@bindery/contracts/store/config';

export const publicConfig = (payments: PublicConfigResponse['payments'] = { card: true, paypal: true, test_mode: false }) =>
  ({
    web_url: 'http://web.test',
    admin_url: 'http://admin.test',
    api_url: 'http://api.test',
    brand: 'Bindery',
    payments,
  }) satisfies PublicConfigResponse;

export const server = setupServer(http.get('/api/config', () => HttpResponse.json(publicConfig())));
