/**
 * /admin/shipping (an empty placeholder in the spec; ADR 0030): the shipping services and the
 * rate table in force, read from GET api/admin/shipping/ — what each carrier charges per zone, how a destination
 * falls in a zone, how parcels are weighed and packed, the shop's markup, and what a customer pays for a few parcel
 * weights (the server's figures: the page adds nothing up). The parts: shipping-how, shipping-tables
 * (lib/shipping-rows shapes their rows).
 */
import { Alert } from '@bindery/ui/alert';
import { messages } from '@bindery/contracts/messages';
import { useShippingTable } from '../api/get-shipping-table';
import { ShippingHow } from './shipping-how';
import { CarrierRates, ParcelExamples } from './shipping-tables';

const s = messages.orderScreens;

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
      {table.data?.source === 'table' ? (
        <>
          <ShippingHow table={table.data} />
          <CarrierRates table={table.data} />
          <ParcelExamples table={table.data} />
        </>
      ) : null}
    </div>
  );
}
