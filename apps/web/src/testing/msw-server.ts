/**
 * The msw server every component test shares; tests add handlers with server.use(...). Its initial handlers
 * (restored after each test) answer what pages read beside their own subject: the customer's orders, which the
 * cart page and the dashboard show below their own content, and the account page's resale certificates (none,
 * unless a test says otherwise).
 */
import { setupServer } from 'msw/node';
import { noCertificatesHandlers } from './certificate-fixtures';
import { noOrdersHandlers } from './order-fixtures';

export const server = setupServer(...noOrdersHandlers, ...noCertificatesHandlers);
