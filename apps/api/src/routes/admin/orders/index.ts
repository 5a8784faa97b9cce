/** Placeholder: being built now (order journey, docs/decisions/0012–0014). Registers no route yet. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const ordersRoutes: FastifyPluginAsyncZod = async () => {};

export default ordersRoutes;
