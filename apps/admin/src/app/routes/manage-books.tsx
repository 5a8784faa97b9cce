/** Placeholder while the admin's order and price-editor screens are being built. */
export default function Page() {
  return <h1>Coming soon</h1>;
}
