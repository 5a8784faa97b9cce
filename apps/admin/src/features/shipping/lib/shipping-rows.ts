/**
 * The rate table's rows as the page shows them: one per service and zone with the carrier's prices, and one per
 * service and zone with what a parcel of each example weight costs. The figures are the server's decimal text.
 */
import type { ShippingTableResponse, ShippingZoneId } from '@bindery/contracts/admin/shipping';

export const usd = (amount: string) => `$${amount}`;
export const kg = (grams: number) =>
  `${(grams / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} kg`;

export interface RateRow {
  key: string;
  service: string;
  courier: string;
  zone: string;
  delivery: string;
  base: string;
  perStep: string;
}

export interface ExampleRow {
  key: string;
  service: string;
  zone: string;
  byWeight: Map<number, { carrier: string; customer: string }>;
}

const zoneLabels = (table: ShippingTableResponse) =>
  new Map<ShippingZoneId, string>(table.zones.map((z) => [z.id, z.label]));

export function rateRows(table: ShippingTableResponse): RateRow[] {
  const zoneLabel = zoneLabels(table);
  return table.services.flatMap((svc) =>
    svc.rates.map((r) => ({
      key: `${svc.code}-${r.zone}`,
      service: svc.name,
      courier: svc.courier,
      zone: zoneLabel.get(r.zone) ?? r.zone,
      delivery: r.delivery_time,
      base: usd(r.carrier_base),
      perStep: usd(r.carrier_per_half_kg),
    })),
  );
}

/** One row per service and zone, in the order the examples first name them. */
export function exampleRows(table: ShippingTableResponse): ExampleRow[] {
  const zoneLabel = zoneLabels(table);
  const names = new Map(table.services.map((svc) => [svc.code, svc.name]));
  const rows = new Map<string, ExampleRow>();
  for (const example of table.examples) {
    for (const c of example.charges) {
      const key = `${c.service_code}-${c.zone}`;
      const rowOf = rows.get(key) ?? {
        key,
        service: names.get(c.service_code) ?? c.service_code,
        zone: zoneLabel.get(c.zone) ?? c.zone,
        byWeight: new Map(),
      };
      rowOf.byWeight.set(example.weight_grams, { carrier: c.carrier_charge, customer: c.customer_charge });
      rows.set(key, rowOf);
    }
  }
  return [...rows.values()];
}
