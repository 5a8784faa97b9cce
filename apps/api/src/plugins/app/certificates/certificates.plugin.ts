/** Builds the resale certificates module (certificates.service.ts) from the app and decorates it as `app.certificates`. */
import fp from 'fastify-plugin';
import { createCertificates, type CertificatesModule } from './certificates.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    certificates: CertificatesModule;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'certificates',
      createCertificates({
        db: app.db,
        files: app.fileStore,
        uploads: app.uploads,
        outbox: app.mailOutbox,
        clock: app.clock,
        log: app.log,
        config: { webUrl: app.config.webUrl },
      }),
    );
  },
  { name: 'certificates', dependencies: ['config', 'db', 'jobs', 'mail-outbox', 'projects'] },
);
