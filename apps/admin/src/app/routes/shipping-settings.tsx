/** /admin/shipping: the shipping services and the rate table in force (GET api/admin/shipping/). */
import { ShippingRates } from '#features/shipping/components/shipping-rates.tsx';

export default function ShippingSettingsRoute() {
  return <ShippingRates />;
}
