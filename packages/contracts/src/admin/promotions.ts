/**
 * The first-print discount's setting (docs/decisions/0033). Admins only: 401 without a token, 403 for
 * customers.
 *
 * GET api/admin/first-print-discount/ → FirstPrintDiscountSetting
 * PUT api/admin/first-print-discount/ FirstPrintDiscountBody → FirstPrintDiscountSetting
 *
 * Staff set a whole percent (1–50) and switch it on or off; the rate is kept while it is off. A change applies to
 * orders placed after it: an order already written keeps its amounts.
 */
import { z } from 'zod';
import { errorBodies } from '../common.js';
import { defineRoute } from '../route.js';

export const FIRST_PRINT_MAX_PERCENT = 50;

export const FirstPrintDiscountSetting = z.object({
  enabled: z.boolean(),
  /** Whole percent, 1–50. */
  percent: z.number().int(),
  rate_basis_points: z.number().int(),
  /** The home page's promise at this rate ("10% off first print"). */
  text: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type FirstPrintDiscountSetting = z.infer<typeof FirstPrintDiscountSetting>;

export const FirstPrintDiscountBody = z
  .object({
    enabled: z.boolean({ error: 'Say whether the first-print discount is on.' }),
    percent: z
      .number({ error: 'Enter the first-print discount as a whole percent.' })
      .int({ error: 'Enter the first-print discount as a whole percent.' })
      .min(1, {
        error: `The first-print discount must be a whole percent from 1 to ${FIRST_PRINT_MAX_PERCENT}.`,
      })
      .max(FIRST_PRINT_MAX_PERCENT, {
        error: `The first-print discount must be a whole percent from 1 to ${FIRST_PRINT_MAX_PERCENT}.`,
      }),
  })
  .strict();
export type FirstPrintDiscountBody = z.infer<typeof FirstPrintDiscountBody>;

const tags = ['admin: promotions'];

/** The first-print discount's switch and rate (apps/api/src/routes/admin/promotions). */
export const adminPromotionRoutes = {
  firstPrintDiscount: defineRoute({
    method: 'GET',
    path: '/api/admin/first-print-discount/',
    operationId: 'getAdminFirstPrintDiscount',
    summary: 'The first-print discount: on or off, and its rate',
    tags,
    access: 'admin',
    responses: { 200: FirstPrintDiscountSetting, ...errorBodies(401, 403) },
  }),
  setFirstPrintDiscount: defineRoute({
    method: 'PUT',
    path: '/api/admin/first-print-discount/',
    operationId: 'putAdminFirstPrintDiscount',
    summary: 'Switch the first-print discount on or off and set its rate (new orders only)',
    tags,
    access: 'admin',
    body: FirstPrintDiscountBody,
    responses: { 200: FirstPrintDiscountSetting, ...errorBodies(400, 401, 403) },
  }),
};
