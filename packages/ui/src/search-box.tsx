/**
 * A list's search box, one for both SPAs (ADR 0045): a labelled search input (the label is for screen
 * readers; the placeholder is not a label), a Clear button while there is text (focus goes back to the box), and
 * an optional live count of what it finds ("3 of 8 items"). `useSearchTerm` holds the text and the term a server
 * search sends: trimmed, once the typing pauses (SEARCH_DEBOUNCE_MS).
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value.js';

export interface SearchBoxProps {
  /** The input's accessible name, e.g. 'Search orders'. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The Clear button's accessible name (default: 'Clear ' and the label, so two boxes on a page differ). */
  clearLabel?: string;
  /** Shown next to the box and announced politely as it changes. */
  count?: ReactNode;
}

export function SearchBox({ label, placeholder, value, onChange, clearLabel, count }: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="b-search" role="search">
      <label htmlFor={id} className="b-visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        type="search"
        className="b-input b-search__input"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {value ? (
        <button
          type="button"
          className="b-btn b-btn--ghost b-btn--sm"
          aria-label={clearLabel ?? `Clear ${label.toLowerCase()}`}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          Clear
        </button>
      ) : null}
      {count !== undefined ? (
        <span className="b-muted b-search__count" aria-live="polite">
          {count}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The text of a server-searched list's box and the term to send: trimmed, and only once the typing has paused
 * (each key press is not a request). `initial` is where the box starts (e.g. the address's ?q=).
 */
export function useSearchTerm(initial = '') {
  const [term, setTerm] = useState(initial);
  const settled = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  return { term, setTerm, settled };
}
