/**
 * A data table whose sortable columns are buttons in their headers; the header says its order with aria-sort,
 * so screen readers announce "sorted ascending". Scrolls inside its own box on narrow screens.
 */
import type { ReactNode } from 'react';
import type { SortState } from '#lib/use-list-view.ts';
import './list.css';

export interface SortableColumn<Row, K extends string> {
  key: string;
  header: string;
  /** Sorts by this key when its header is pressed. */
  sortKey?: K;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface SortableTableProps<Row, K extends string> {
  caption: string;
  columns: SortableColumn<Row, K>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort: SortState<K> | null;
  onSort: (key: K) => void;
}

const ARROWS = { asc: '▲', desc: '▼' } as const;

export function SortableTable<Row, K extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
}: SortableTableProps<Row, K>) {
  return (
    <div className="b-table-wrap">
      <table className="b-table">
        <caption className="b-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const sorted = c.sortKey !== undefined && sort?.key === c.sortKey ? sort.direction : null;
              const sortKey = c.sortKey;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.numeric ? 'b-num' : undefined}
                  aria-sort={
                    sortKey === undefined
                      ? undefined
                      : sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : 'none'
                  }
                >
                  {sortKey === undefined ? (
                    c.header
                  ) : (
                    <button type="button" className="b-sort" onClick={() => onSort(sortKey)}>
                      {c.header}
                      <span aria-hidden="true" className="b-sort__arrow">
                        {sorted ? ARROWS[sorted] : '↕'}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? 'b-num' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
