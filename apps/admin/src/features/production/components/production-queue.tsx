/**
 * The Production page (docs/decisions/0071): what must be made together (binding, trim, paper, colour) with its
 * counts and a batch of its tickets, then the queue oldest paid first, read a page at a time from the server
 * (keyset: "Load more" follows next_cursor), each order with its job ticket, packing slip and files under their
 * predictable names (BND-000123-1-interior.pdf). Choosing a group narrows the queue to its orders.
 */
import { messages } from '@bindery/contracts/messages';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Table } from '@bindery/ui/table';
import {
  adminProductionRoutes as r,
  type ProductionGroup,
} from '@bindery/contracts/admin/production';
import { pathOf } from '@bindery/contracts/route';
import { DownloadButton } from '#components/file-actions.tsx';
import { api } from '#lib/api-client.ts';
import { errorText } from '#lib/error-text.ts';

const groupName = (g: ProductionGroup) =>
  [g.binding, g.trim, g.paper, g.colour].map((v) => v ?? '—').join(' · ');

/** A group as the list's and the batch's query (the fields it names). */
const filterOf = (g: ProductionGroup): Record<string, string> => ({
  ...(g.binding ? { binding: g.binding } : {}),
  ...(g.trim ? { trim: g.trim } : {}),
  ...(g.paper ? { paper: g.paper } : {}),
  ...(g.colour ? { colour: g.colour } : {}),
});

const withQuery = (path: string, query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
};

export function ProductionQueue() {
  const [group, setGroup] = useState<Record<string, string>>({});
  const groups = useQuery({
    queryKey: ['admin', 'production', 'groups'],
    queryFn: ({ signal }) => api.call(r.groups, {}, { signal }),
  });
  const queue = useInfiniteQuery({
    queryKey: ['admin', 'production', 'list', group],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(r.list, { query: { ...group, ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const orders = queue.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="b-stack">
      <h1 style={{ margin: 0 }}>Production</h1>
      <section className="b-card b-stack" aria-labelledby="production-groups">
        <h2 id="production-groups">Made together</h2>
        {groups.error ? <Alert tone="error">{errorText(groups.error, 'The groups could not be loaded.')}</Alert> : null}
        <Table
          caption="Made together"
          captionHidden
          stacked
          columns={[
            { key: 'group', header: 'Binding · trim · paper · colour', cell: (g) => groupName(g) },
            { key: 'orders', header: 'Orders', cell: (g) => g.orders, numeric: true },
            { key: 'books', header: 'Books', cell: (g) => g.books, numeric: true },
            { key: 'pages', header: 'Pages', cell: (g) => g.pages, numeric: true },
            {
              key: 'oldest',
              header: 'Oldest paid',
              cell: (g) => new Date(g.oldest_paid_at).toLocaleDateString('en-US'),
              nowrap: true,
            },
            {
              key: 'actions',
              header: 'Actions',
              cell: (g) => (
                <span className="b-row">
                  <Button size="sm" variant="secondary" onClick={() => setGroup(filterOf(g))}>
                    Show orders
                  </Button>
                  <DownloadButton path={withQuery(pathOf(r.batch), filterOf(g))} fileName="job-tickets.pdf">
                    Print batch
                  </DownloadButton>
                </span>
              ),
            },
          ]}
          rows={groups.data?.groups ?? []}
          rowKey={groupName}
          empty="Nothing to make."
        />
      </section>
      <section className="b-card b-stack" aria-labelledby="production-queue">
        <h2 id="production-queue">Queue, oldest first</h2>
        {Object.keys(group).length > 0 ? (
          <p className="b-row" style={{ margin: 0 }}>
            Showing {Object.values(group).join(' · ')}
            <Button size="sm" variant="secondary" onClick={() => setGroup({})}>
              All groups
            </Button>
          </p>
        ) : null}
        {queue.error ? <Alert tone="error">{errorText(queue.error, 'The queue could not be loaded.')}</Alert> : null}
        {queue.data && orders.length === 0 ? <p className="b-muted">Nothing to make.</p> : null}
        <ul className="b-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Orders to make">
          {orders.map((o) => (
            <li key={o.id} className="b-stack" style={{ gap: 4 }}>
              <strong>
                {o.order_number} · {o.customer_name} · {o.book_count} books · {o.page_count} pages
              </strong>
              {o.proof_count > 0 ? (
                <span className="b-badge" data-testid="proof-badge">
                  {`${messages.proofs.badge} ×${o.proof_count}: ${messages.proofs.mark}`}
                </span>
              ) : null}
              <span className="b-muted">
                {o.status === 'in_production' ? 'In production' : 'Paid'}{' '}
                {new Date(o.paid_at).toLocaleString('en-US')}
              </span>
              <span className="b-row">
                <DownloadButton path={pathOf(r.ticket, { id: o.id })} fileName={`${o.order_number}-ticket.pdf`}>
                  Job ticket
                </DownloadButton>
                <DownloadButton
                  path={pathOf(r.packingSlip, { id: o.id })}
                  fileName={`${o.order_number}-packing-slip.pdf`}
                >
                  Packing slip
                </DownloadButton>
                {o.books.map((b) => {
                  const name = `${o.order_number}-${b.position}-interior.pdf`;
                  return (
                    <DownloadButton key={b.item_id} path={pathOf(r.file, { id: o.id, name })} fileName={name}>
                      {name}
                    </DownloadButton>
                  );
                })}
              </span>
            </li>
          ))}
        </ul>
        {queue.hasNextPage ? (
          <Button variant="secondary" busy={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </section>
    </div>
  );
}
