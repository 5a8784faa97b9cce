/**
 * One section of a price editor (§2): a collapsible card titled by the kind's label with 'N items', an optional
 * clearable search, and a row per item with its name and a number input (step 0.01) for the kind's price field.
 * Bindings with page ranges (the comic editor's all-bindings list) show read-only Min/Max Pages, ∞ for no max.
 * A section of more than {@link LARGE_SECTION_ROWS} rows (the print editor's 74 bindings) always gets the search,
 * and its rows are grouped by trim size, one table per trim, so an admin can find a row.
 */
import { useState } from 'react';
import { Table, type Column } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { KindDefinition } from '@bindery/pricing/products';
import { CollapsibleSection, itemCount } from '#components/collapsible-section.tsx';
import { SearchBox } from '@bindery/ui/search-box';
import { matchesSearch } from '#lib/matches-search.ts';
import type { PriceItem } from '../api/get-price-lists';
import { rowLabel, trimNameLabel } from '../lib/editor-settings';
import { changeKey, type PriceChange } from '../lib/pending-changes';

type ItemRef = Pick<PriceChange, 'kind' | 'id' | 'field'>;

export interface PriceSectionProps {
  kind: KindDefinition;
  items: PriceItem[];
  searchable: boolean;
  pageRanges: boolean;
  disabled: boolean;
  onEdit: (change: PriceChange) => void;
  valueOf: (ref: ItemRef) => string;
  errorOf: (ref: ItemRef) => string | undefined;
}

const FIELD_HEADERS = { price: 'Price', price_per_page: 'Price per page' } as const;

/** Above this many rows a section gets a search box and, where rows belong to trim sizes, one group per trim. */
export const LARGE_SECTION_ROWS = 20;

/** Rows by trim size, in the order the trims first appear; rows of no trim are one group of their own. */
function byTrim(items: PriceItem[]): { trim: string; items: PriceItem[] }[] {
  const groups = new Map<string, PriceItem[]>();
  for (const item of items) {
    const trim = item.trim_size_name ? trimNameLabel(item.trim_size_name) : 'Every trim size';
    groups.set(trim, [...(groups.get(trim) ?? []), item]);
  }
  return [...groups].map(([trim, rows]) => ({ trim, items: rows }));
}

export function PriceSection({
  kind,
  items,
  searchable,
  pageRanges,
  disabled,
  onEdit,
  valueOf,
  errorOf,
}: PriceSectionProps) {
  const [search, setSearch] = useState('');
  const large = items.length > LARGE_SECTION_ROWS;
  const withSearch = searchable || large;
  const grouped = large && items.some((i) => i.trim_size_name);
  const field = kind.priceField;
  const shown = items.filter((i) => matchesSearch(search, rowLabel(i)));
  const empty = search.trim()
    ? messages.admin.noItemsMatching
    : messages.admin.noSectionItems(kind.label.toLowerCase());

  const columns: Column<PriceItem>[] = [
    // Inside a trim's group the trim is the group's title; the input's name keeps it, so each stays unique.
    { key: 'name', header: 'Name', cell: (i) => (grouped ? i.name : rowLabel(i)) },
    {
      key: 'price',
      header: FIELD_HEADERS[field],
      cell: (item) => {
        const ref = { kind: kind.kind, id: item.id, field };
        const error = errorOf(ref);
        const errorId = `price-error-${changeKey(ref).replace(/:/g, '-')}`;
        return (
          <div className="b-field">
            <input
              className="b-input"
              type="number"
              step="0.01"
              inputMode="decimal"
              aria-label={`${rowLabel(item)} ${FIELD_HEADERS[field].toLowerCase()}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              value={valueOf(ref)}
              disabled={disabled}
              onChange={(e) => onEdit({ ...ref, value: e.target.value })}
            />
            {error ? (
              <span className="b-field-error" id={errorId}>
                {error}
              </span>
            ) : null}
          </div>
        );
      },
    },
  ];
  if (pageRanges) {
    columns.push(
      { key: 'min', header: 'Min Pages', numeric: true, cell: (i) => i.min_pages ?? '—' },
      {
        key: 'max',
        header: 'Max Pages',
        numeric: true,
        cell: (i) => i.max_pages ?? <span aria-label="Unlimited">∞</span>,
      },
    );
  }

  return (
    <CollapsibleSection title={kind.label} count={itemCount(items.length)}>
      {withSearch ? (
        <SearchBox
          value={search}
          onChange={setSearch}
          placeholder={`Search ${kind.label.toLowerCase()}...`}
          label={`Search ${kind.label.toLowerCase()}`}
        />
      ) : null}
      {grouped && shown.length > 0 ? (
        byTrim(shown).map((group) => (
          <Table
            key={group.trim}
            caption={`${kind.label}: ${group.trim} (${itemCount(group.items.length)})`}
            columns={columns}
            rows={group.items}
            rowKey={(i) => String(i.id)}
          />
        ))
      ) : (
        <Table
          caption={kind.label}
          captionHidden
          columns={columns}
          rows={shown}
          rowKey={(i) => String(i.id)}
          empty={empty}
        />
      )}
    </CollapsibleSection>
  );
}
