/** Builds the sessions module (sessions.service.ts) from the app and decorates it as `app.sessions`. */
import fp from 'fastify-plugin';
import { createSessions, type Sessions } from './sessions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'sessions',
      createSessions({
        db: app.db,
        clock: app.clock,
        config: app.config,
        signAccessToken: app.issueAccessToken,
        cache: app.sessionCache,
        log: app.log,
      }),
    );
  },
  { name: 'sessions', dependencies: ['config', 'db', 'auth', 'jobs'] },
);
