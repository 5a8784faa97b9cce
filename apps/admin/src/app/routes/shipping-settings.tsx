/** /admin/shipping: an empty placeholder in the spec. */
export default function ShippingSettingsRoute() {
  return (
    <div className="b-stack">
      <h1>Shipping</h1>
    </div>
  );
}
