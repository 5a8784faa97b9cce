/**
 * /admin/shipping (an empty placeholder in the spec; issue 10 item 3, ADR 0030): the shipping services and the
 * rate table in force, read from GET api/admin/shipping/ — what each carrier charges per zone, how a destination
 * falls in a zone, how parcels are weighed and packed, the shop's markup, and what a customer pays for a few parcel
 * weights (the server's figures: the page adds nothing up).
 */
import { Alert } from '@bindery/ui/alert';
import { Table } from '@bindery/ui/table';
import type { ShippingTableResponse, ShippingZoneId } from '@bindery/contracts/admin/shipping';
import { messages } from '@bindery/contracts/messages';
import { useShippingTable } from '../api/get-shipping-table';

const s = messages.orderScreens;

const usd = (amount: string) => `$${amount}`;
const kg = (grams: number) => `${(grams / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} kg`;

interface RateRow {
  key: string;
  service: string;
  courier: string;
  zone: string;
  delivery: string;
  base: string;
  perStep: string;
}

interface ExampleRow {
  key: string;
  service: string;
  zone: string;
  byWeight: Map<number, { carrier: string; customer: string }>;
}

function Rates({ table }: { table: ShippingTableResponse }) {
  const zoneLabel = new Map<ShippingZoneId, string>(table.zones.map((z) => [z.id, z.label]));
  const rateRows: RateRow[] = table.services.flatMap((svc) =>
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
  const names = new Map(table.services.map((svc) => [svc.code, svc.name]));
  const weights = table.examples.map((e) => e.weight_grams);
  const exampleRows = new Map<string, ExampleRow>();
  for (const example of table.examples) {
    for (const c of example.charges) {
      const key = `${c.service_code}-${c.zone}`;
      const rowOf = exampleRows.get(key) ?? {
        key,
        service: names.get(c.service_code) ?? c.service_code,
        zone: zoneLabel.get(c.zone) ?? c.zone,
        byWeight: new Map(),
      };
      rowOf.byWeight.set(example.weight_grams, { carrier: c.carrier_charge, customer: c.customer_charge });
      exampleRows.set(key, rowOf);
    }
  }
  const step = kg(table.parcel.weight_step_grams);

  return (
    <>
      <section className="b-card b-stack" aria-labelledby="shipping-how">
        <h2 id="shipping-how">How shipping is charged</h2>
        <ul className="b-stack" style={{ margin: 0, paddingLeft: 'var(--b-space-5)' }}>
          <li>
            Parcels leave from {table.origin_country}. A carrier charges a base price per shipment plus a
            price per started {step} of its weight.
          </li>
          <li>
            Customers pay the carrier&apos;s charge plus a {table.markup_percent}% markup, once per order (tax
            may apply on top, by the tax rule).
          </li>
          <li>
            Books are packed in cartons of at most {kg(table.parcel.box_content_max_grams)} of books; each
            carton adds {table.parcel.packaging_grams_per_box} g of packaging to the weight.
          </li>
          <li>
            Zones:{' '}
            {table.zones
              .map((z) =>
                z.countries.length
                  ? `${z.label} (${z.countries.join(', ')})`
                  : `${z.label} (every other country)`,
              )
              .join('; ')}
            . No service goes to {table.unserved_countries.join(', ')}.
          </li>
        </ul>
      </section>
      <section className="b-stack" aria-labelledby="shipping-services">
        <h2 id="shipping-services">Services and carrier rates</h2>
        <Table<RateRow>
          caption="Services and carrier rates"
          captionHidden
          stacked
          columns={[
            { key: 'service', header: 'Service', cell: (r) => r.service },
            { key: 'courier', header: 'Courier', cell: (r) => r.courier },
            { key: 'zone', header: 'Zone', cell: (r) => r.zone },
            { key: 'delivery', header: 'Delivery', cell: (r) => r.delivery },
            { key: 'base', header: 'Base', cell: (r) => r.base, numeric: true },
            { key: 'step', header: `Per ${step}`, cell: (r) => r.perStep, numeric: true },
          ]}
          rows={rateRows}
          rowKey={(r) => r.key}
        />
      </section>
      <section className="b-stack" aria-labelledby="shipping-examples">
        <h2 id="shipping-examples">What a parcel costs the customer</h2>
        <p className="b-muted" style={{ margin: 0 }}>
          Shipping charged to the customer (the carrier&apos;s charge in brackets), by parcel weight including
          packaging.
        </p>
        <Table<ExampleRow>
          caption="What a parcel costs the customer"
          captionHidden
          stacked
          columns={[
            { key: 'service', header: 'Service', cell: (r) => r.service },
            { key: 'zone', header: 'Zone', cell: (r) => r.zone },
            ...weights.map((w) => ({
              key: `w${w}`,
              header: kg(w),
              numeric: true,
              cell: (r: ExampleRow) => {
                const c = r.byWeight.get(w);
                return c ? (
                  <>
                    {usd(c.customer)} <span className="b-muted">({usd(c.carrier)})</span>
                  </>
                ) : (
                  '—'
                );
              },
            })),
          ]}
          rows={[...exampleRows.values()]}
          rowKey={(r) => r.key}
        />
      </section>
    </>
  );
}

export function ShippingRates() {
  const table = useShippingTable();
  return (
    <div className="b-stack">
      <h1>{s.shippingTitle}</h1>
      {table.isPending ? <p role="status">Loading shipping rates...</p> : null}
      {table.isError ? <Alert tone="error">{s.loadShippingFailed}</Alert> : null}
      {table.data?.source === 'live' ? (
        <Alert tone="info">
          A live carrier service prices every shipment; there is no rate table to show.
        </Alert>
      ) : null}
      {table.data?.source === 'table' ? <Rates table={table.data} /> : null}
    </div>
  );
}
