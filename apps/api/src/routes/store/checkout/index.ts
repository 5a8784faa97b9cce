/** Placeholder: being built now (order journey, docs/decisions/0012–0014). Registers no route yet. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const checkoutRoutes: FastifyPluginAsyncZod = async () => {};

export default checkoutRoutes;
