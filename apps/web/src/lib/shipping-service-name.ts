/**
 * How a shipping service is named on screen. Carriers name their services with their brand ("FedEx Ground",
 * "DHL Express Worldwide"), and so does the API's rate table, so putting courier_name in front printed
 * "FedEx FedEx Ground". The courier is added only to a name that does not already start with it.
 */
import type { ShippingService } from '@bindery/contracts/store/checkout';

export function shippingServiceName(service: Pick<ShippingService, 'courier_name' | 'service_name'>): string {
  const courier = service.courier_name.trim();
  const name = service.service_name.trim();
  if (!courier) return name;
  return name.toLowerCase().startsWith(courier.toLowerCase()) ? name : `${courier} ${name}`;
}
