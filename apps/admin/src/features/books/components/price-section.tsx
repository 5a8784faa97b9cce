/**
 * One section of a price editor (§2): a collapsible card titled by the kind's label with 'N items', an optional
 * clearable search, and a row per item with its name and a number input (step 0.01) for the kind's price field.
 * Bindings with page ranges (the comic editor's all-bindings list) show read-only Min/Max Pages, ∞ for no max.
 */
import { useState } from 'react';
import { Table, type Column } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { KindDefinition } from '@bindery/pricing/products';
import { CollapsibleSection, itemCount } from '../../../components/collapsible-section';
import { SearchBox, matchesSearch } from '../../../components/search-box';
import type { PriceItem } from '../api/get-price-lists';
import { rowLabel } from '../lib/editor-settings';
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

export function PriceSection({ kind, items, searchable, pageRanges, disabled, onEdit, valueOf, errorOf }: PriceSectionProps) {
  const [search, setSearch] = useState('');
  const field = kind.priceField;
  const shown = items.filter((i) => matchesSearch(search, rowLabel(i)));
  const empty = search.trim() ? messages.admin.noItemsMatching : messages.admin.noSectionItems(kind.label.toLowerCase());

  const columns: Column<PriceItem>[] = [
    { key: 'name', header: 'Name', cell: rowLabel },
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
      { key: 'max', header: 'Max Pages', numeric: true, cell: (i) => i.max_pages ?? <span aria-label="Unlimited">∞</span> },
    );
  }

  return (
    <CollapsibleSection title={kind.label} count={itemCount(items.length)}>
      {searchable ? (
        <SearchBox
          value={search}
          onChange={setSearch}
          placeholder={`Search ${kind.label.toLowerCase()}...`}
          label={`Search ${kind.label.toLowerCase()}`}
        />
      ) : null}
      <Table
        caption={kind.label}
        captionHidden
        columns={columns}
        rows={shown}
        rowKey={(i) => String(i.id)}
        empty={empty}
      />
    </CollapsibleSection>
  );
}
