/**
 * The shipping rates in force as the admin's Shipping page shows them (GET api/admin/shipping/; ADR 0030): the
 * rate table the checkout quotes from (CarrierRates.services), the zones, the parcel rules and the markup, with
 * worked examples computed by the very functions checkout charges with (zoneChargeCents + shippingChargeCents),
 * so the page can never disagree with what a customer pays. Pure: no I/O.
 */
import type { ShippingTableResponse, ShippingZoneId } from '@bindery/contracts/admin/shipping';
import {
  BOX_CONTENT_MAX_GRAMS,
  NORTH_AMERICA_COUNTRIES,
  ORIGIN_COUNTRY,
  PACKAGING_GRAMS_PER_BOX,
  UNSERVED_COUNTRIES,
  WEIGHT_STEP_GRAMS,
  zoneChargeCents,
  type CarrierServiceDefinition,
} from '@bindery/pricing/carrier-rates';
import { formatCents } from '@bindery/pricing/money';
import { SHIPPING_MARKUP_PERCENT, shippingChargeCents } from '@bindery/pricing/shipping';

const ZONES: readonly ShippingZoneId[] = ['domestic', 'north_america', 'rest_of_world'];

/** Parcels the examples price: a book or two, a small run, a carton, two cartons. */
export const EXAMPLE_WEIGHTS_GRAMS: readonly number[] = [500, 1_000, 2_500, 10_000, 18_500];

export function shippingTable(
  services: readonly CarrierServiceDefinition[] | undefined,
  markupPercent: number = SHIPPING_MARKUP_PERCENT,
): ShippingTableResponse {
  const table = services ?? [];
  return {
    source: services ? 'table' : 'live',
    currency: 'USD',
    origin_country: ORIGIN_COUNTRY,
    markup_percent: markupPercent,
    zones: [
      { id: 'domestic', label: 'United States', countries: [ORIGIN_COUNTRY] },
      { id: 'north_america', label: 'Canada and Mexico', countries: [...NORTH_AMERICA_COUNTRIES] },
      { id: 'rest_of_world', label: 'Rest of the world', countries: [] },
    ],
    unserved_countries: [...UNSERVED_COUNTRIES],
    parcel: {
      box_content_max_grams: BOX_CONTENT_MAX_GRAMS,
      packaging_grams_per_box: PACKAGING_GRAMS_PER_BOX,
      weight_step_grams: WEIGHT_STEP_GRAMS,
    },
    services: table.map((s) => ({
      code: s.code,
      name: s.name,
      courier: s.courier,
      rates: ZONES.flatMap((zone) => {
        const rate = s.zones[zone];
        return rate
          ? [
              {
                zone,
                delivery_time: rate.deliveryTime,
                carrier_base: formatCents(rate.baseCents),
                carrier_per_half_kg: formatCents(rate.perHalfKgCents),
              },
            ]
          : [];
      }),
    })),
    examples: services
      ? EXAMPLE_WEIGHTS_GRAMS.map((weight) => ({
          weight_grams: weight,
          charges: table.flatMap((s) =>
            ZONES.flatMap((zone) => {
              const rate = s.zones[zone];
              if (!rate) return [];
              const carrier = zoneChargeCents(rate, weight);
              return [
                {
                  service_code: s.code,
                  zone,
                  carrier_charge: formatCents(carrier),
                  customer_charge: formatCents(shippingChargeCents(carrier, markupPercent)),
                },
              ];
            }),
          ),
        }))
      : [],
  };
}
