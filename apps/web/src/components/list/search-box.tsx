/** A labelled search input with a clear button and a live count of what it finds ("3 of 8 items"). */
import { useId, useRef, type ReactNode } from 'react';
import './list.css';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown next to the box and announced politely as it changes. */
  count?: ReactNode;
}

export function SearchBox({ label, placeholder, value, onChange, count }: SearchBoxProps) {
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
          aria-label="Clear search"
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
