/**
 * /orders, the cart (docs/spec/calculators-account-admin.md §2 "Orders/cart screen"): back to /userdashboard; loading;
 * 'Please Login' for guests; 'No Orders Yet' with three hints; or two summary cards (Items in Cart, Total Value
 * = the sum of the server's project prices), a search with an 'n of m items' count, the sortable table with
 * 'In Cart' per row, the server's price and a Remove action, the empty-search state, the footer ('Showing n of m
 * items', 'Last updated') and Checkout → /shop.
 */
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import type { Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { Counters } from '#components/list/counters.tsx';
import { EmptySearch } from '#components/list/empty-search.tsx';
import {
  titledColumns,
  titledSearchText,
  titledSortText,
  type TitledSortKey,
} from '#components/list/project-columns.tsx';
import { SearchBox } from '#components/list/search-box.tsx';
import { SortableTable, type SortableColumn } from '#components/list/sortable-table.tsx';
import { removeFromCart } from '#lib/cart.ts';
import { formatUsd } from '@bindery/ui/format';
import { useListView } from '#lib/use-list-view.ts';
import { useCartProjects } from '../hooks/use-cart-projects';

const c = messages.cart;
const p = messages.projects;
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

function BackToDashboard() {
  return (
    <p>
      <Link to="/userdashboard">← Back to Dashboard</Link>
    </p>
  );
}

export function CartScreen({ user, ordersPlaced = 0 }: { user: SessionUser | null; ordersPlaced?: number }) {
  if (!user) {
    return (
      <div className="b-container b-stack">
        <BackToDashboard />
        <h1>{c.pleaseLogin}</h1>
        <p>{c.needLogin}</p>
        <div className="b-row">
          <Link to="/login" className="b-btn b-btn--primary">
            Go to Login
          </Link>
        </div>
      </div>
    );
  }
  return <Cart user={user} ordersPlaced={ordersPlaced} />;
}

function Cart({ user, ordersPlaced }: { user: SessionUser; ordersPlaced: number }) {
  const navigate = useNavigate();
  const { items, books, total } = useCartProjects(user.id);
  const view = useListView(items, { searchText: titledSearchText, sortText: titledSortText });

  if (books.isPending) {
    return (
      <div className="b-container b-stack" role="status">
        <BackToDashboard />
        <Spinner label="" />
        <p>
          <strong>{c.loadingOrders}</strong>
        </p>
        <p className="b-muted">{c.loadingOrdersSub}</p>
      </div>
    );
  }
  if (books.isError) {
    return (
      <div className="b-container b-stack">
        <BackToDashboard />
        <h1>Your Cart</h1>
        <Alert tone="error">We could not load your cart. Please try again.</Alert>
        <div className="b-row">
          <Button onClick={() => void books.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  if (items.length === 0 && ordersPlaced > 0) {
    return (
      <div className="b-container b-stack">
        <BackToDashboard />
        <h1>Your Cart</h1>
        <p className="b-lead">Hi {user.name || 'User'}, your cart is empty.</p>
        <div className="b-row">
          <Link to="/userdashboard" className="b-btn b-btn--primary">
            Back to Dashboard
          </Link>
        </div>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="b-container b-stack">
        <BackToDashboard />
        <h1>{c.noOrdersYet}</h1>
        <p className="b-lead">Hi {user.name || 'User'}, your cart is empty.</p>
        <div className="b-row">
          <Link to="/userdashboard" className="b-btn b-btn--primary">
            Back to Dashboard
          </Link>
        </div>
        <ol className="b-steps" aria-label="How to order">
          <li>
            <strong>Add Projects</strong>: on your dashboard, press Add to Cart on a project.
          </li>
          <li>
            <strong>Review Cart</strong>: check your projects and their prices here.
          </li>
          <li>
            <strong>Place Order</strong>: press Checkout to choose shipping and pay.
          </li>
        </ol>
      </div>
    );
  }

  const columns: SortableColumn<Project, TitledSortKey>[] = [
    ...titledColumns<Project>(
      (x) => `${x.page_count} pages · ${x.quantity} ${x.quantity === 1 ? 'copy' : 'copies'}`,
    ),
    { key: 'status', header: 'Status', cell: () => c.inCart },
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (x) => (x.price ? formatUsd(x.price.total_cost) : '—'),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (x) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Remove ${x.title || p.untitled} from cart`}
          onClick={() => removeFromCart(user.id, [x.id])}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <div className="b-container b-stack">
      <BackToDashboard />
      <h1>Your Cart</h1>
      <Counters
        label="Cart summary"
        items={[
          { label: 'Items in Cart', value: items.length, testId: 'items-in-cart' },
          {
            label: 'Total Value',
            value: formatUsd(total),
            note: 'Estimated cost: books only, before shipping and tax',
            testId: 'total-value',
          },
        ]}
      />
      <SearchBox
        label="Search orders"
        placeholder={c.searchOrders}
        value={view.term}
        onChange={view.setTerm}
        count={`${view.shown.length} of ${view.total} items`}
      />
      {view.shown.length > 0 ? (
        <SortableTable
          caption="Projects in your cart"
          columns={columns}
          rows={view.shown}
          rowKey={(x) => String(x.id)}
          sort={view.sort}
          onSort={view.toggleSort}
        />
      ) : (
        <EmptySearch
          title={c.noOrdersFound}
          detail={
            view.term.trim() ? `No orders match "${view.term.trim()}"` : 'Try adjusting your search terms'
          }
          onClear={view.clear}
        />
      )}
      <div className="b-row" style={{ justifyContent: 'space-between' }}>
        <p className="b-muted">
          Showing {view.shown.length} of {view.total} items · Last updated:{' '}
          {timeFormat.format(books.dataUpdatedAt || Date.now())}
        </p>
        <Button variant="accent" onClick={() => void navigate('/shop')}>
          Checkout
        </Button>
      </div>
    </div>
  );
}
