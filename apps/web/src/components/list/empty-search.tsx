/** What a list shows when a search finds nothing: the title, an optional detail and a 'Clear Search' button. */
import { Button } from '@bindery/ui/button';

export function EmptySearch({
  title,
  detail,
  onClear,
}: {
  title: string;
  detail?: string;
  onClear: () => void;
}) {
  return (
    <div className="b-stack" style={{ alignItems: 'flex-start' }}>
      <p>
        <strong>{title}</strong>
      </p>
      {detail ? <p>{detail}</p> : null}
      <Button variant="secondary" onClick={onClear}>
        Clear Search
      </Button>
    </div>
  );
}
