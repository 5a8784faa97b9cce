/** The admin's client-side filters (books, a price section's rows): the search box itself is @bindery/ui/search-box. */

/** Case-insensitive "contains" over any of the given texts; an empty term matches everything. */
export function matchesSearch(term: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = term.trim().toLowerCase();
  return needle === '' || texts.some((t) => t?.toLowerCase().includes(needle));
}
