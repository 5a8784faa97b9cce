/**
 * Manage Orders, 'Order Management' (docs/spec/calculators-account-admin.md §2; reworked, ADR 0030): the
 * orders of GET api/admin/orders/ (drafts are not orders), newest first, with status tabs (each with the server's
 * count), a server-side search that waits for the typing to pause, "Showing n of m orders" from the server's
 * count, and "Load more" for the next keyset page. Status and search live in the address (?status=&q=), so a reload
 * or Back keeps them. A row: order number, date, customer, items, amount, status, payment method and 'View Details'
 * → /admin/order-info?id=. In a narrow box the rows become cards. The parts: order-status-tabs, order-columns.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { ListCount, ListLoading, LoadMore } from '@bindery/ui/list-state';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import { ORDER_STATUSES, orderStatusLabel, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { SearchBox, useSearchTerm } from '@bindery/ui/search-box';
import { useAdminOrders } from '../api/get-admin-orders';
import { orderColumns } from './order-columns';
import { StatusTabs } from './order-status-tabs';

const s = messages.orderScreens;

const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

export function OrderList() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const q = (params.get('q') ?? '').trim();
  const { term, setTerm, settled } = useSearchTerm(q);
  const written = useRef(q);

  // The address follows the search once the typing pauses (replace: each key is not a step of Back). Not while
  // the user is already leaving for another page (a row's 'View Details' clicked within the pause, its lazy page
  // still loading): that write would replace the address being opened and land on 'Order Not Found'.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (leaving || settled === written.current) return;
    written.current = settled;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams, leaving]);

  // Back/forward may change q under the box (not this box's own write): show what is searched. setTerm is
  // useSearchTerm's useState setter, the same function every render, so it never re-runs this effect.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setTerm(q);
  }, [q, setTerm]);

  const orders = useAdminOrders({ status, q: q || undefined });
  const rows = orders.data?.pages.flatMap((p) => p.data) ?? [];
  const total = orders.data?.pages[0]?.total ?? rows.length;
  const filtered = Boolean(q || status);

  return (
    <div className="b-stack">
      <h1>{messages.admin.orderManagement}</h1>
      <StatusTabs current={status} q={q} />
      <SearchBox value={term} onChange={setTerm} placeholder={s.searchOrders} label="Search orders" />
      {orders.isError && rows.length === 0 ? (
        <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert>
      ) : null}
      {orders.isPending ? (
        <ListLoading>{messages.admin.loadingOrders}</ListLoading>
      ) : orders.isError && rows.length === 0 ? null : (
        <>
          <ListCount shown={rows.length} total={total} noun={['order', 'orders']} />
          <Table
            caption={status ? `${orderStatusLabel(status)} orders` : 'All Orders'}
            captionHidden
            stacked
            columns={orderColumns}
            rows={rows}
            rowKey={(o) => String(o.id)}
            empty={filtered ? messages.admin.noOrdersMatching : s.noOrdersYet}
          />
          <LoadMore list={orders} failed={messages.admin.loadOrdersFailed} />
        </>
      )}
    </div>
  );
}
