/**
 * Who may call a route, declared on the route itself (`config: { access }`; docs/decisions/0031). The declaration
 * does not authorize anything: the route's own hooks do (app.authenticate, app.requireAdmin, the owner checks of
 * its module). It is what the authorization matrix test holds every route to, called as anonymous, a customer,
 * another customer and an admin, so a route registered without one fails that test and cannot be forgotten.
 * - public:   nobody is refused for who they are;
 * - customer: any signed-in user (anonymous 401);
 * - owner:    the signed-in owner of the resource; anyone else 404, never the resource;
 * - owner-or-admin: as owner, and staff too (an order's files from Order Details);
 * - admin:    staff only (anonymous 401, a customer 403).
 */
import type { Access, ApiKeyScope } from '@bindery/contracts/route';

// One list, the contracts': each route object declares its access there (packages/contracts/src/route.ts).
export { ACCESS_LEVELS, type Access } from '@bindery/contracts/route';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The scope an API key needs here, from the route's contract; absent: keys are refused (docs/decisions/0076). */
    apiKeyScope?: ApiKeyScope;
    /**
     * The route ends the caller's own session (logout). Tests that call every route with the same few sessions
     * (the authorization matrix, the fuzz suite) give it a session of its own, or it would sign their callers out.
     */
    endsSession?: boolean;
    /**
     * Set by the admin tree (routes/admin/index.ts) on each route registered inside it, whose one onRequest hook
     * requires an admin; never declared by a route itself (docs/decisions/0040).
     */
    adminTree?: true;
  }
}
