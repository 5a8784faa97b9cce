/** A search input with a clear button, as the admin lists and price editors use it (case-insensitive filters). */
import { Button } from '@bindery/ui/button';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Accessible name of the input (the placeholder is not a label). */
  label: string;
}

export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  return (
    <div className="b-row" role="search">
      <input
        className="b-input"
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {value ? (
        <Button size="sm" variant="ghost" onClick={() => onChange('')} aria-label={`Clear ${label.toLowerCase()}`}>
          Clear
        </Button>
      ) : null}
    </div>
  );
}

/** Case-insensitive "contains" over any of the given texts; an empty term matches everything. */
export function matchesSearch(term: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = term.trim().toLowerCase();
  return needle === '' || texts.some((t) => t?.toLowerCase().includes(needle));
}
