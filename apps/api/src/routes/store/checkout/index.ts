/**
 * Shipping, tax and orders (the shop and the payment page; docs/decisions/0013):
 * - POST api/shipping-rate/   public estimate, or the caller's cart with project_ids (bearer then required);
 * - POST api/save-shipping/   bearer: creates the order (awaiting_payment) from the server's own prices.
 * The caller's orders afterwards: routes/store/orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutRoutes } from '@bindery/contracts/store/checkout';
import { contractRoute } from '#lib/contract-route.js';
import { sendReadyJson } from '#lib/ready-json.js';

const checkout: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, checkoutRoutes.shippingRate, async (request, reply) => {
    const body = request.body;
    // Public for an estimate; the cart's projects are the caller's own, so naming them needs a login.
    if (body.project_ids) {
      await app.authenticate(request, reply);
      if (reply.sent) return reply;
    }
    const rates = await app.checkout.shippingRate(body, request.currentUser?.id);
    // Called on every address change of the shop and the estimate widget: like calculate/, sent as ready JSON
    // (its shape is tested against ShippingRateResponse; lib/ready-json.ts).
    return sendReadyJson(reply, rates);
  });

  contractRoute(
    app,
    checkoutRoutes.saveShipping,
    { onRequest: [app.authenticate] },
    async (request, reply) => {
      const { order, created } = await app.checkout.saveShipping(request.signedInUser().id, request.body);
      // An identical order made moments ago (a double click) is answered again, not made twice.
      return reply.code(created ? 201 : 200).send({ order });
    },
  );
};

export default checkout;
