/** The msw server every component test shares; tests add handlers with server.use(...). */
import { setupServer } from 'msw/node';

export const server = setupServer();
