/** How shipping is charged, in sentences: origin, carrier prices, the shop's markup, packing, zones. */
import type { ShippingTableResponse } from '@bindery/contracts/admin/shipping';
import { kg } from '../lib/shipping-rows';

export function ShippingHow({ table }: { table: ShippingTableResponse }) {
  const step = kg(table.parcel.weight_step_grams);
  return (
    <section className="b-card b-stack" aria-labelledby="shipping-how">
      <h2 id="shipping-how">How shipping is charged</h2>
      <ul className="b-stack" style={{ margin: 0, paddingLeft: 'var(--b-space-5)' }}>
        <li>
          Parcels leave from {table.origin_country}. A carrier charges a base price per shipment plus a price
          per started {step} of its weight.
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
  );
}
