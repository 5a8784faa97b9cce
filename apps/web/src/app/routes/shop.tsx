/** Placeholder while the order journey is being built (docs/decisions/0012). */
export default function Page() {
  return <h1>Coming soon</h1>;
}
