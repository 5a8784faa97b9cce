/**
 * Builds the accounts module (accounts.service.ts) from the app and decorates it as `app.accounts`, and the
 * customer's own settings (own-account.ts) as `app.ownAccount`, the e-mail change (email-change.ts) as
 * `app.emailChange`.
 */
import fp from 'fastify-plugin';
import { createAccounts, type Accounts } from './accounts.service.js';
import { createEmailChange, type EmailChange } from './email-change.js';
import { createOwnAccount, type OwnAccount } from './own-account.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    ownAccount: OwnAccount;
    emailChange: EmailChange;
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
    app.decorate('ownAccount', createOwnAccount({ db: app.db, clock: app.clock, sessionCache: app.sessionCache }));
    app.decorate(
      'emailChange',
      createEmailChange({
        db: app.db,
        outbox: app.mailOutbox,
        sessionCache: app.sessionCache,
        config: { webUrl: app.config.webUrl, jwtSecret: app.config.jwtSecret },
      }),
    );
  },
  { name: 'accounts', dependencies: ['config', 'db', 'counts', 'auth', 'jobs', 'mail-outbox'] },
);
