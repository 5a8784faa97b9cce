/**
 * Manage Orders, 'Order Management' (§2): summary cards (Total Orders, Categories, Total Pages, and Active Orders
 * = the rows the search leaves), a collapsible 'All Orders' section searchable by title or e-mail
 * (case-insensitive), and a row per order with its status and 'View Details' → /admin/order-info. The order
 * travels in navigation state as the spec has it, and as ?id= too, so a reload finds it again in the list.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Table, type Column } from '@bindery/ui/table';
import type { AdminOrder } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { CollapsibleSection, itemCount } from '../../../components/collapsible-section';
import { SearchBox, matchesSearch } from '../../../components/search-box';
import { SummaryCards } from '../../../components/summary-cards';
import { useOrders } from '../api/get-orders';
import { formatShortDate, orderEmail, orderStatusLabel, orderTitle } from '../lib/order-format';

const columns: Column<AdminOrder>[] = [
  { key: 'title', header: 'Book Title', cell: orderTitle },
  { key: 'email', header: 'Customer Email', cell: orderEmail },
  { key: 'date', header: 'Order Date', cell: (o) => formatShortDate(o.created_at) },
  { key: 'status', header: 'Status', cell: (o) => orderStatusLabel(o.order_status) },
  {
    key: 'action',
    header: 'Action',
    cell: (o) => (
      <Link
        className="b-btn b-btn--secondary b-btn--sm"
        to={`/admin/order-info?id=${o.id}`}
        state={{ order: o }}
        aria-label={`View Details: ${orderTitle(o)}`}
      >
        View Details
      </Link>
    ),
  },
];

export function OrderList() {
  const orders = useOrders();
  const [search, setSearch] = useState('');
  const all = orders.data ?? [];
  const shown = all.filter((o) => matchesSearch(search, o.title, o.user_email));

  return (
    <div className="b-stack">
      <h1>{messages.admin.orderManagement}</h1>
      {orders.isError ? <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert> : null}
      {orders.isPending ? (
        <p role="status">{messages.admin.loadingOrders}</p>
      ) : (
        <>
          <SummaryCards
            label="Order summary"
            figures={[
              { label: 'Total Orders', value: all.length },
              { label: 'Categories', value: new Set(all.map((o) => o.category)).size },
              { label: 'Total Pages', value: all.reduce((sum, o) => sum + o.page_count, 0) },
              { label: 'Active Orders', value: shown.length },
            ]}
          />
          <CollapsibleSection title="All Orders" count={itemCount(shown.length)}>
            <SearchBox value={search} onChange={setSearch} placeholder={messages.admin.searchOrders} label="Search orders" />
            <Table
              caption="All Orders"
              captionHidden
              columns={columns}
              rows={shown}
              rowKey={(o) => String(o.id)}
              empty={messages.admin.noOrdersMatching}
            />
          </CollapsibleSection>
        </>
      )}
    </div>
  );
}
