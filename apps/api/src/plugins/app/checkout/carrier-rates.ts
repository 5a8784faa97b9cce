/**
 * The carriers' side of shipping, behind one small interface so the built-in rate table
 * (table-carrier-rates.ts) can be replaced by a live carrier API (FedEx Rate API, DHL Express MyDHL, an
 * aggregator) without touching checkout. An implementation answers the carrier's own price, before the shop's
 * markup, which checkout applies once (@bindery/pricing/shipping). docs/decisions/0013.
 */
import type { CarrierRate, CarrierServiceDefinition } from '@bindery/pricing/carrier-rates';

/** What a carrier needs to price a shipment from the print shop. */
export interface RateRequest {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  readonly state: string;
  readonly city: string;
  readonly postalCode: string;
  readonly weightGrams: number;
  /** Cartons the shipment is packed in. */
  readonly boxes: number;
}

export interface CarrierRates {
  /** Every service that reaches the destination (any courier), in any order; empty when none does. */
  quote(request: RateRequest): Promise<readonly CarrierRate[]>;
  /**
   * The rate table the quotes come from, when there is one (the admin's Shipping page shows it); a live carrier
   * API has none.
   */
  readonly services?: readonly CarrierServiceDefinition[];
}
