/**
 * The shipping rates in force, for the admin's Shipping page (docs/decisions/0030). Admins only:
 * 401 without a token, 403 for customers.
 *
 * GET api/admin/shipping/ → ShippingTableResponse: the services the shop offers with what each carrier charges per
 * zone (base + per started 0.5 kg, before the shop's markup), how zones are chosen, the parcel rules (cartons,
 * packaging weight), the markup, and worked examples: what the customer pays for a few parcel weights, computed by
 * the same functions checkout uses. `source: 'live'` means a live carrier API prices shipments (no table to show).
 */
import { z } from 'zod';
import { DecimalString, errorBodies } from '../common.js';
import { defineRoute } from '../route.js';

export const ShippingZoneId = z.enum(['domestic', 'north_america', 'rest_of_world']);
export type ShippingZoneId = z.infer<typeof ShippingZoneId>;

export const ShippingZone = z.object({
  id: ShippingZoneId,
  label: z.string(),
  /** The countries in the zone (empty for the rest of the world: every other served country). */
  countries: z.array(z.string()),
});
export type ShippingZone = z.infer<typeof ShippingZone>;

export const ShippingZoneRate = z.object({
  zone: ShippingZoneId,
  delivery_time: z.string(),
  /** What the carrier charges Bindery: a base per shipment plus a price per started 0.5 kg. */
  carrier_base: DecimalString,
  carrier_per_half_kg: DecimalString,
});
export type ShippingZoneRate = z.infer<typeof ShippingZoneRate>;

export const ShippingTableService = z.object({
  code: z.string(),
  name: z.string(),
  courier: z.string(),
  rates: z.array(ShippingZoneRate),
});
export type ShippingTableService = z.infer<typeof ShippingTableService>;

/** What one parcel of `weight_grams` costs with each service in each zone it reaches. */
export const ShippingExample = z.object({
  weight_grams: z.number().int().positive(),
  charges: z.array(
    z.object({
      service_code: z.string(),
      zone: ShippingZoneId,
      carrier_charge: DecimalString,
      /** carrier charge + markup: what the customer pays for shipping (before tax). */
      customer_charge: DecimalString,
    }),
  ),
});
export type ShippingExample = z.infer<typeof ShippingExample>;

export const ShippingTableResponse = z.object({
  source: z.enum(['table', 'live']),
  currency: z.literal('USD'),
  origin_country: z.string(),
  /** Added to every carrier charge once (100 = the carrier's price doubled). */
  markup_percent: z.number().int().nonnegative(),
  zones: z.array(ShippingZone),
  /** Where no service goes (embargoed or uninhabited). */
  unserved_countries: z.array(z.string()),
  parcel: z.object({
    /** Books per carton, by weight; one more carton per started amount. */
    box_content_max_grams: z.number().int().positive(),
    packaging_grams_per_box: z.number().int().nonnegative(),
    /** Carriers charge per started step of this weight. */
    weight_step_grams: z.number().int().positive(),
  }),
  services: z.array(ShippingTableService),
  examples: z.array(ShippingExample),
});
export type ShippingTableResponse = z.infer<typeof ShippingTableResponse>;

/** The admin's Shipping page (apps/api/src/routes/admin/shipping). */
export const adminShippingRoutes = {
  table: defineRoute({
    method: 'GET',
    path: '/api/admin/shipping/',
    operationId: 'getAdminShipping',
    summary: 'The shipping services and the rate table in force',
    tags: ['admin: shipping'],
    access: 'admin',
    responses: { 200: ShippingTableResponse, ...errorBodies(401, 403) },
  }),
};
