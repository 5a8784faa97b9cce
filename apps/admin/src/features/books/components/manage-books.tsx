/**
 * Manage Books (§2): the seven categories of the product definitions, each with an Edit link to its price
 * editor, and a case-insensitive search by title or category ('Search books...', clearable; 'No books found.').
 * Every listed book has an editor (the list comes from the same definitions), so the spec's 'Edit page not
 * available yet for this book.' cannot happen here; an unknown editor path gets the not-found page. Below the
 * list, what the route puts there: the first-print discount's setting (docs/decisions/0033, the promotions
 * feature), the one price that is not a category's.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Table, type Column } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import { PRODUCT_LIST, type ProductDefinition } from '@bindery/pricing/products';
import { SearchBox } from '@bindery/ui/search-box';
import { matchesSearch } from '#lib/matches-search.ts';

const columns: Column<ProductDefinition>[] = [
  { key: 'title', header: 'Title', cell: (p) => p.bookTitle },
  { key: 'category', header: 'Category', cell: (p) => p.displayName },
  {
    key: 'actions',
    header: 'Actions',
    cell: (p) => (
      <Link className="b-btn b-btn--secondary b-btn--sm" to={p.editorPath} aria-label={`Edit ${p.bookTitle}`}>
        Edit
      </Link>
    ),
  },
];

/** `children`: what the route shows below the list (the promotions feature's first-print discount). */
export function ManageBooks({ children }: { children?: React.ReactNode }) {
  const [search, setSearch] = useState('');
  const shown = PRODUCT_LIST.filter((p) => matchesSearch(search, p.bookTitle, p.displayName, p.name));
  return (
    <div className="b-stack">
      <h1>Manage Books</h1>
      <SearchBox
        value={search}
        onChange={setSearch}
        placeholder={messages.admin.searchBooks}
        label="Search books"
      />
      <Table
        caption="Books"
        captionHidden
        columns={columns}
        rows={shown}
        rowKey={(p) => p.slug}
        empty={messages.admin.noBooks}
      />
      {children}
    </div>
  );
}
