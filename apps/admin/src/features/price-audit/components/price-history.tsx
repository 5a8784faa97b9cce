/**
 * Price history (docs/decisions/0063): every recorded price change, newest first, with who changed which price
 * from what to what and when; searched by option name, narrowed to a category or one editor (click a name), paged
 * on the server. With ?category&at (the link from Order Details) it first shows that category's prices as they
 * stood then, beside today's: what an order placed at that moment was charged from.
 */
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { ListLoading, LoadMore } from '@bindery/ui/list-state';
import { SearchBox, useSearchTerm } from '@bindery/ui/search-box';
import { Table, type Column } from '@bindery/ui/table';
import type { PriceAt, PriceChange } from '@bindery/contracts/admin/price-changes';
import { PRODUCT_LIST } from '@bindery/pricing/products';
import { clientText } from '#lib/error-text.ts';
import { usePriceChanges, usePricesAt } from '../api/price-changes';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** "1.9100" → "$1.91"; four places kept where they matter ("$0.0325"). */
const usd = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `$${whole}.${trimmed}`;
};
const fieldLabel = (c: PriceChange) => (c.field === 'price_per_page' ? 'per page' : 'per book');

function changeColumns(onEditor: (id: number) => void): Column<PriceChange>[] {
  return [
    { key: 'when', header: 'When', cell: (c) => <span style={{ whiteSpace: 'nowrap' }}>{when(c.changed_at)}</span> },
    { key: 'category', header: 'Category', cell: (c) => c.category_name },
    { key: 'option', header: 'Option', cell: (c) => `${c.kind_label}: ${c.item_name}` },
    {
      key: 'change',
      header: 'Change',
      cell: (c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {usd(c.old_price)} → {usd(c.new_price)} {fieldLabel(c)}
        </span>
      ),
    },
    {
      key: 'by',
      header: 'By',
      cell: (c) =>
        c.changed_by ? (
          <Button size="sm" variant="ghost" onClick={() => onEditor(c.changed_by?.id ?? 0)}>
            {c.changed_by.name || c.changed_by.email}
          </Button>
        ) : (
          'A removed account'
        ),
    },
  ];
}

const atColumns: Column<PriceAt>[] = [
  { key: 'option', header: 'Option', cell: (p) => `${p.kind_label}: ${p.name}` },
  { key: 'then', header: 'Price then', cell: (p) => usd(p.price_then) },
  {
    key: 'now',
    header: 'Price today',
    cell: (p) => (p.changed_since ? <strong>{usd(p.price_now)} (changed since)</strong> : usd(p.price_now)),
  },
];

function PricesAt({ category, at }: { category: string; at: string }) {
  const prices = usePricesAt(category, at);
  if (prices.isPending) return <ListLoading>Loading the prices in force then…</ListLoading>;
  if (prices.isError) return <Alert tone="error">{clientText(prices.error, 'The prices could not be loaded.')}</Alert>;
  const title = `${prices.data.category_name} prices in force on ${when(prices.data.at)}`;
  return (
    <section className="b-stack" aria-label={title}>
      <h2>{title}</h2>
      <Table caption={title} captionHidden stacked columns={atColumns} rows={prices.data.items} rowKey={(p) => String(p.item_id)} empty="This category has no prices." />
    </section>
  );
}

export function PriceHistory() {
  const [params, setParams] = useSearchParams();
  const search = useSearchTerm(params.get('q') ?? '');
  const category = params.get('category') ?? undefined;
  const editorParam = Number(params.get('editor'));
  const editor = Number.isInteger(editorParam) && editorParam > 0 ? editorParam : undefined;
  const at = params.get('at') ?? undefined;
  const list = usePriceChanges({ q: search.settled || undefined, editor, category });
  const shown = list.data?.pages.flatMap((p) => p.data) ?? [];

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <div className="b-stack">
      <h1>Price history</h1>
      {category !== undefined && at !== undefined ? <PricesAt category={category} at={at} /> : null}
      <h2>Changes</h2>
      <div className="b-row" style={{ flexWrap: 'wrap' }}>
        <SearchBox label="Search options" placeholder="Search by option name" value={search.term} onChange={search.setTerm} />
        <label>
          <span className="b-visually-hidden">Category</span>
          <select className="b-input" value={category ?? ''} onChange={(e) => setParam('category', e.target.value || undefined)}>
            <option value="">All categories</option>
            {PRODUCT_LIST.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.displayName}
              </option>
            ))}
          </select>
        </label>
        {editor !== undefined ? (
          <Button size="sm" variant="secondary" onClick={() => setParam('editor', undefined)}>
            Show every editor
          </Button>
        ) : null}
      </div>
      {list.isError ? <Alert tone="error">{clientText(list.error, 'The price history could not be loaded.')}</Alert> : null}
      {list.isPending ? (
        <ListLoading>Loading the price history…</ListLoading>
      ) : (
        <>
          <Table
            caption="Price changes"
            captionHidden
            stacked
            columns={changeColumns((id) => setParam('editor', String(id)))}
            rows={shown}
            rowKey={(c) => String(c.id)}
            empty="No price change matches."
          />
          <LoadMore list={list} />
        </>
      )}
    </div>
  );
}
