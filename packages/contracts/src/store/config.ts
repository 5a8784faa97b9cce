/**
 * GET /api/config: public runtime configuration for the SPAs, so their builds need no per-deployment values
 * (the web app learns the admin app's URL here, and vice versa).
 */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { PaymentMethodsConfig } from './payments.js';

/** Who sells: the name and address a receipt names (MERCHANT_NAME, MERCHANT_ADDRESS; docs/decisions/0058). */
export const MerchantConfig = z.object({ name: z.string(), address: z.string() });
export type MerchantConfig = z.infer<typeof MerchantConfig>;

export const PublicConfigResponse = z.object({
  web_url: z.url(),
  admin_url: z.url(),
  api_url: z.url(),
  brand: z.string(),
  /**
   * Which payment methods the server has keys for; the payment page disables the others (docs/decisions/0014).
   * This API always sends it; optional so that a client reading an older answer (or a test double) still parses.
   */
  payments: PaymentMethodsConfig.optional(),
  /**
   * The first-print discount staff set (docs/decisions/0033): the home page's promise reads it and hides when it
   * is off. Optional like `payments`.
   */
  first_print_discount: z
    .object({ enabled: z.boolean(), rate_basis_points: z.number().int().min(0), text: z.string() })
    .optional(),
  /** The merchant receipts name. Optional like `payments`. */
  merchant: MerchantConfig.optional(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;

/** GET /api/config: what the SPAs read at run time (our path, no slash). */
export const configRoute = defineRoute({
  method: 'GET',
  path: '/api/config',
  operationId: 'getConfig',
  summary: 'Public runtime configuration',
  tags: ['system'],
  access: 'public',
  responses: { 200: PublicConfigResponse },
});
