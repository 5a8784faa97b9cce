/**
 * The msw server every component test shares; tests add handlers with server.use(...). Its initial handlers
 * (restored after each test) answer what pages read beside their own subject: the customer's orders, which the
 * cart page and the dashboard show below their own content, and the account page's resale certificates (none,
 * unless a test says otherwise), and the account page's devices signed in (none), the address book (empty: the
 * shop and the account page read it; docs/decisions/0074); and the public config (both payment methods, the
 * first-print discount at 10 %), which the home page's promise reads; and an uploaded file's bytes (not found: the
 * design page's preview).
 */
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { accountRoutes } from '@bindery/contracts/store/account';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { addressRoutes } from '@bindery/contracts/store/addresses';
import { setupServer } from 'msw/node';
import { noCertificatesHandlers } from './certificate-fixtures';
import { noOrdersHandlers } from './order-fixtures';

const configHandler = http.get(urlOf(configRoute), () =>
  HttpResponse.json({
    web_url: 'http://web.test',
    admin_url: 'http://admin.test',
    api_url: 'http://api.test',
    brand: 'Bindery',
    payments: { card: true, paypal: true },
    first_print_discount: { enabled: true, rate_basis_points: 1000, text: '10% off first print' },
    merchant: { name: 'Bindery', address: '100 Congress Ave, Austin, TX 78701, United States' },
  }),
);

// The design page's preview asks for an uploaded file's bytes (ADR 0073); jsdom cannot draw a PDF, so by default
// the file is not found and the page says the preview could not be shown (the browser suite draws it for real).
const noUploadFileHandler = http.get(urlOf(projectRoutes.uploadFile), () =>
  HttpResponse.json({ error: 'Upload not found.' }, { status: 404 }),
);

const noSessionsHandler = http.get(urlOf(accountRoutes.sessions), () => HttpResponse.json({ sessions: [] }));

const noAddressesHandler = http.get(urlOf(addressRoutes.list), () => HttpResponse.json({ addresses: [] }));

export const server = setupServer(
  ...noOrdersHandlers,
  ...noCertificatesHandlers,
  noSessionsHandler,
  noUploadFileHandler,
  noAddressesHandler,
  configHandler,
);
