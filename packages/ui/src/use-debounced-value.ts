/** The value as it was `delayMs` after it last changed: a search box or an estimate asks the server once the typing pauses. */
import { useEffect, useState } from 'react';

/** How long a list's search box waits after the last key before it asks the server (both SPAs' lists). */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
