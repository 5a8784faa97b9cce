/**
 * A data table with a caption (visible or for screen readers only) that scrolls inside its own box on narrow
 * screens, so the page itself never scrolls sideways. Numeric columns align right. With `stacked`, a narrow box
 * (a container query, so a sidebar counts) shows each row as a card instead: every cell under its column's name.
 * A column with a `sortKey` is sorted by a button in its header (`sort`, `onSort`); the header says its order
 * with aria-sort, so screen readers announce "sorted ascending".
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** A column's header pressed: ascending first, then the other way on the same column. */
export const nextSort = <K extends string>(current: SortState<K> | null, key: K): SortState<K> =>
  current?.key === key
    ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { key, direction: 'asc' };

export interface Column<Row, K extends string = string> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Keeps the cell on one line (order numbers, dates, amounts, short labels): the other columns wrap instead. */
  nowrap?: boolean;
  /** The column's name on a stacked row (default: the header when it is text). */
  label?: string;
  /** Sorts by this key when its header is pressed (with the table's `onSort`). */
  sortKey?: K;
}

/** A column's cell classes: numbers right-aligned, one-line cells kept whole. */
function cellClass(column: { numeric?: boolean; nowrap?: boolean }): string | undefined {
  return [column.numeric ? 'b-num' : '', column.nowrap ? 'b-nowrap' : ''].filter(Boolean).join(' ') || undefined;
}

export interface TableProps<Row, K extends string = string> {
  caption: ReactNode;
  captionHidden?: boolean;
  columns: Column<Row, K>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Marks a row (e.g. the tier a quantity falls in) for the eye and for screen readers. */
  isCurrent?: (row: Row) => boolean;
  empty?: ReactNode;
  /** Rows become cards in a narrow box (lists people scan on a phone). */
  stacked?: boolean;
  /** The order shown (null: the server's or the list's own); the sortable headers say it. */
  sort?: SortState<K> | null;
  onSort?: (key: K) => void;
}

const ARROWS = { asc: '▲', desc: '▼' } as const;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * Whether the box scrolls sideways now (its content is wider than it), followed as the box resizes. A box that
 * scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe: scrollable-region-focusable), one that
 * does not should not be an extra tab stop.
 */
function useScrolls<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/** A header: its text, or the button that sorts by it, with its order for the eye (arrow) and for aria-sort. */
function HeaderCell<K extends string>({
  column,
  sort,
  onSort,
}: {
  column: Column<never, K>;
  sort: SortState<K> | null | undefined;
  onSort: ((key: K) => void) | undefined;
}) {
  const { sortKey } = column;
  const className = cellClass(column);
  if (sortKey === undefined || !onSort) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const sorted = sort?.key === sortKey ? sort.direction : null;
  return (
    <th scope="col" className={className} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}>
      <button type="button" className="b-sort" onClick={() => onSort(sortKey)}>
        {column.header}
        <span aria-hidden="true" className="b-sort__arrow">
          {sorted ? ARROWS[sorted] : '↕'}
        </span>
      </button>
    </th>
  );
}

export function Table<Row, K extends string = string>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  isCurrent,
  empty,
  stacked = false,
  sort,
  onSort,
}: TableProps<Row, K>) {
  const labelOf = (c: Column<Row, K>) => c.label ?? (typeof c.header === 'string' ? c.header : undefined);
  const captionId = useId();
  const [wrap, scrolls] = useScrolls<HTMLDivElement>();
  return (
    <div
      ref={wrap}
      className={stacked ? 'b-table-wrap b-table-wrap--stack' : 'b-table-wrap'}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
    >
      <table className={stacked ? 'b-table b-table--stack' : 'b-table'}>
        <caption id={captionId} className={captionHidden ? 'b-visually-hidden' : 'b-table__caption'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <HeaderCell key={c.key} column={c} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="b-table__empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const current = isCurrent?.(row) ?? false;
            return (
              <tr
                key={rowKey(row)}
                className={current ? 'b-table__current' : undefined}
                aria-current={current || undefined}
              >
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={cellClass(c)}
                    data-label={stacked ? labelOf(c) : undefined}
                  >
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
