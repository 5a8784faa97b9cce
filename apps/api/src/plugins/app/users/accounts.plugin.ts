/**
 * Builds the accounts module (accounts.service.ts) from the app and decorates it as `app.accounts`, and the
 * customer's own settings (own-account.ts) as `app.ownAccount`, the e-mail change (email-change.ts) as
 * `app.emailChange`, the address book (addresses.ts) as `app.addressBook`.
 */
import fp from 'fastify-plugin';
import { cancelUnpaidOfCustomerWithin } from '../orders/customer-leaving.js';
import { createAccountDrafts } from '../projects/account-drafts.js';
import { createAccountLeaving } from './account-deletion.js';
import { createAccounts, type Accounts } from './accounts.service.js';
import { createAddressBook, type AddressBook } from './addresses.js';
import { createEmailChange, type EmailChange } from './email-change.js';
import { createOwnAccount, type OwnAccount } from './own-account.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    ownAccount: OwnAccount;
    emailChange: EmailChange;
    addressBook: AddressBook;
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
        // The orders and projects plugins are registered after this one: looked up when an account is deleted.
        leaving: createAccountLeaving({
          orders: {
            cancelUnpaidOfCustomerWithin: (trx, userId, actor) =>
              cancelUnpaidOfCustomerWithin(app.orders, trx, userId, actor),
            afterCommit: (...args) => app.orders.afterCommit(...args),
          },
          drafts: createAccountDrafts({ fileStore: { remove: (key) => app.fileStore.remove(key) }, log: app.log }),
        }),
      }),
    );
    app.decorate('ownAccount', createOwnAccount({ db: app.db, clock: app.clock, sessionCache: app.sessionCache }));
    app.decorate('addressBook', createAddressBook({ db: app.db }));
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
