/** A small loading indicator; `label` is announced to screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="b-spinner" role={label ? 'status' : undefined} aria-label={label || undefined} aria-hidden={label ? undefined : true} />;
}
