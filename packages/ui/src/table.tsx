/**
 * A data table with a caption (visible or for screen readers only) that scrolls inside its own box on narrow
 * screens, so the page itself never scrolls sideways. Numeric columns align right.
 */
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface TableProps<Row> {
  caption: ReactNode;
  captionHidden?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Marks a row (e.g. the tier a quantity falls in) for the eye and for screen readers. */
  isCurrent?: (row: Row) => boolean;
  empty?: ReactNode;
}

export function Table<Row>({ caption, captionHidden, columns, rows, rowKey, isCurrent, empty }: TableProps<Row>) {
  return (
    <div className="b-table-wrap">
      <table className="b-table">
        <caption className={captionHidden ? 'b-visually-hidden' : 'b-table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'b-num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const current = isCurrent?.(row) ?? false;
            return (
              <tr key={rowKey(row)} className={current ? 'b-table__current' : undefined} aria-current={current || undefined}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'b-num' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
