/**
 * CarrierRates from the built-in DHL/FedEx rate table of @bindery/pricing/carrier-rates: no outside service is
 * needed to run Bindery. Prices depend on the destination's zone and the shipment's weight only.
 */
import { CARRIER_SERVICES, availableServices } from '@bindery/pricing/carrier-rates';
import type { CarrierRates } from './carrier-rates.js';

export const tableCarrierRates: CarrierRates = {
  quote: ({ country, weightGrams }) =>
    Promise.resolve(availableServices(country, weightGrams, CARRIER_SERVICES)),
  services: CARRIER_SERVICES,
};
