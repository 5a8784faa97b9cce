/**
 * Search and sort of a client-side list (the dashboard's projects, the cart's items): case-insensitive search
 * over the fields a row offers, and sorting that toggles ascending, then descending, on the same column
 * (docs/spec/customer-journey.md §4; docs/spec/calculators-account-admin.md §2).
 */
import { useMemo, useState } from 'react';
import { nextSort, type SortState } from '@bindery/ui/table';

export interface ListViewOptions<Row, K extends string> {
  /** The texts a search term is looked for in. */
  searchText: (row: Row) => string[];
  /** The text a column sorts by. */
  sortText: (row: Row, key: K) => string;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function useListView<Row, K extends string>(
  rows: readonly Row[],
  { searchText, sortText }: ListViewOptions<Row, K>,
) {
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<SortState<K> | null>(null);

  const shown = useMemo(() => {
    const needle = term.trim().toLowerCase();
    const found = needle
      ? rows.filter((r) => searchText(r).some((t) => t.toLowerCase().includes(needle)))
      : [...rows];
    if (sort) {
      const sign = sort.direction === 'asc' ? 1 : -1;
      found.sort((a, b) => sign * collator.compare(sortText(a, sort.key), sortText(b, sort.key)));
    }
    return found;
  }, [rows, term, sort, searchText, sortText]);

  const toggleSort = (key: K) => setSort((s) => nextSort(s, key));

  return { term, setTerm, clear: () => setTerm(''), sort, toggleSort, shown, total: rows.length };
}
