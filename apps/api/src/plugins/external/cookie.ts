/**
 * Cookie parsing and setting (@fastify/cookie). Bindery sets one cookie per app, the refresh token's
 * (plugins/app/users/refresh-cookie.ts, docs/decisions/0025, 0052); nothing is signed with a cookie secret: the token is
 * an opaque random string checked against its hash in the database. Registered by the users routes
 * (routes/store/users, and routes/admin/users for the admin's logout), the only ones that read or set it, so no
 * other route pays for the cookie hooks.
 * @see https://github.com/fastify/fastify-cookie
 */
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'cookie' },
);
