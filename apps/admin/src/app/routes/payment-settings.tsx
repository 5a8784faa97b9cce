/** /admin/payment: the spec's placeholder titled 'Payment Settings'. */
export default function PaymentSettingsRoute() {
  return (
    <div className="b-stack">
      <h1>Payment Settings</h1>
      <p>Payment providers are configured on the server (see the deployment guide).</p>
    </div>
  );
}
