/**
 * The services the server offers for the address, as radio cards (courier, service, delivery time, charge).
 * Each carries the server's own tax and total for the cart; nothing is re-computed here.
 */
import { ChoiceCard } from '@bindery/ui/choice-card';
import type { ShippingService } from '@bindery/contracts/store/checkout';
import { formatUsd } from '@bindery/ui/format';
import { shippingServiceName } from '#lib/shipping-service-name.ts';

export interface ShippingServicesProps {
  services: ShippingService[];
  selected: string | null;
  onSelect: (code: string) => void;
}

export function ShippingServices({ services, selected, onSelect }: ShippingServicesProps) {
  return (
    <fieldset className="b-fieldset">
      <legend>Shipping service</legend>
      {services.map((s) => (
        <ChoiceCard
          key={s.service_code}
          name="shipping_service"
          value={s.service_code}
          checked={selected === s.service_code}
          onChange={() => onSelect(s.service_code)}
        >
          <span>
            <strong>{shippingServiceName(s)}</strong>
            <span className="b-muted"> · {s.delivery_time}</span>
          </span>
          <strong>{formatUsd(s.total_charge)}</strong>
        </ChoiceCard>
      ))}
    </fieldset>
  );
}
