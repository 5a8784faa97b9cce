/**
 * The Project Title and Category columns every project list shares (dashboard, cart): sortable, searched
 * case-insensitively, 'Untitled Project' and 'General' where the server sent nothing.
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import { messages } from '@bindery/contracts/messages';
import type { Column } from '@bindery/ui/table';
import { TitleCell } from './title-cell';

export interface Titled {
  title: string;
  category: string;
}
export type TitledSortKey = 'title' | 'category';

export const titledSearchText = (row: Titled) => [row.title, row.category, categoryDisplayName(row.category)];

export const titledSortText = (row: Titled, key: TitledSortKey) =>
  key === 'title'
    ? row.title || messages.projects.untitled
    : categoryDisplayName(row.category) || messages.projects.defaultCategory;

/** Title (with the avatar letter and `detail` below it) and Category. */
export function titledColumns<Row extends Titled>(
  detail: (row: Row) => string,
): Column<Row, TitledSortKey>[] {
  return [
    {
      key: 'title',
      header: 'Project Title',
      sortKey: 'title',
      cell: (row) => <TitleCell title={row.title} fallbackLetter="P" detail={detail(row)} />,
    },
    {
      key: 'category',
      header: 'Category',
      sortKey: 'category',
      cell: (row) => categoryDisplayName(row.category) || messages.projects.defaultCategory,
    },
  ];
}
