/**
 * A data table with a caption (visible or for screen readers only) that scrolls inside its own box on narrow
 * screens, so the page itself never scrolls sideways. Numeric columns align right. With `stacked`, a narrow box
 * (a container query, so a sidebar counts) shows each row as a card instead: every cell under its column's name.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The column's name on a stacked row (default: the header when it is text). */
  label?: string;
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
  /** Rows become cards in a narrow box (lists people scan on a phone). */
  stacked?: boolean;
}

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

export function Table<Row>({ caption, captionHidden, columns, rows, rowKey, isCurrent, empty, stacked = false }: TableProps<Row>) {
  const labelOf = (c: Column<Row>) => c.label ?? (typeof c.header === 'string' ? c.header : undefined);
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
              <th key={c.key} scope="col" className={c.numeric ? 'b-num' : undefined}>
                {c.header}
              </th>
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
              <tr key={rowKey(row)} className={current ? 'b-table__current' : undefined} aria-current={current || undefined}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'b-num' : undefined} data-label={stacked ? labelOf(c) : undefined}>
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
