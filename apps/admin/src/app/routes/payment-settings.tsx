/** /admin/payment: 'Sales and payments' (the spec's 'Payment Settings' placeholder; GET api/admin/sales/). */
import { SalesReport } from '#features/sales/components/sales-report.tsx';

export default function PaymentSettingsRoute() {
  return <SalesReport />;
}
