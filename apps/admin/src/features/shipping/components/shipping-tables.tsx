/** The rate table's two tables: each service's carrier prices per zone, and what example parcels cost. */
import { Table } from '@bindery/ui/table';
import type { ShippingTableResponse } from '@bindery/contracts/admin/shipping';
import { exampleRows, kg, rateRows, usd, type ExampleRow, type RateRow } from '../lib/shipping-rows';

export function CarrierRates({ table }: { table: ShippingTableResponse }) {
  return (
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
          {
            key: 'step',
            header: `Per ${kg(table.parcel.weight_step_grams)}`,
            cell: (r) => r.perStep,
            numeric: true,
          },
        ]}
        rows={rateRows(table)}
        rowKey={(r) => r.key}
      />
    </section>
  );
}

export function ParcelExamples({ table }: { table: ShippingTableResponse }) {
  const weights = table.examples.map((e) => e.weight_grams);
  return (
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
        rows={exampleRows(table)}
        rowKey={(r) => r.key}
      />
    </section>
  );
}
