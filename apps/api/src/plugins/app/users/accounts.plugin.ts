/** Builds the accounts module (accounts.service.ts) from the app and decorates it as `app.accounts`. */
import fp from 'fastify-plugin';
import { createAccounts, type Accounts } from './accounts.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'accounts',
      createAccounts({
        db: app.db,
        counts: app.counts,
        outbox: app.mailOutbox,
        clock: app.clock,
        sessionCache: app.sessionCache,
        config: { webUrl: app.config.webUrl, jwtSecret: app.config.jwtSecret },
      }),
    );
  },
  { name: 'accounts', dependencies: ['config', 'db', 'counts', 'auth', 'jobs', 'mail-outbox'] },
);
