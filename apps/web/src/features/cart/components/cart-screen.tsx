/**
 * /orders, the cart (docs/spec/calculators-account-admin.md §2 "Orders/cart screen"): back to /userdashboard; loading;
 * 'Please Login' for guests; 'No Orders Yet' with three hints; or two summary cards (Items in Cart, Total Value
 * = the sum of the server's project prices), a search with an 'n of m items' count, the sortable table with
 * 'In Cart' per row, the server's price and a Remove action, the empty-search state, the footer ('Showing n of m
 * items', 'Last updated') and Checkout → /shop.
 */
import { useNavigate } from 'react-router-dom';
import { Button } from '@bindery/ui/button';
import { formatUsd } from '@bindery/ui/format';
import { messages } from '@bindery/contracts/messages';
import type { SessionUser } from '@bindery/contracts/store/users';
import { SearchBox } from '@bindery/ui/search-box';
import { Table } from '@bindery/ui/table';
import { Counters } from '#components/list/counters.tsx';
import { EmptySearch } from '#components/list/empty-search.tsx';
import { titledSearchText, titledSortText } from '#components/list/project-columns.tsx';
import { useListView } from '#lib/use-list-view.ts';
import { useCartProjects } from '../hooks/use-cart-projects';
import { cartColumns } from './cart-columns';
import { BackToDashboard, CartFailed, CartLoading, CartNeedsLogin, EmptyCart } from './cart-states';

const c = messages.cart;
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

export function CartScreen({ user, ordersPlaced = 0 }: { user: SessionUser | null; ordersPlaced?: number }) {
  if (!user) return <CartNeedsLogin />;
  return <Cart user={user} ordersPlaced={ordersPlaced} />;
}

function Cart({ user, ordersPlaced }: { user: SessionUser; ordersPlaced: number }) {
  const navigate = useNavigate();
  const { items, books, total } = useCartProjects(user.id);
  const view = useListView(items, { searchText: titledSearchText, sortText: titledSortText });

  if (books.isPending) return <CartLoading />;
  if (books.isError) return <CartFailed onRetry={() => void books.refetch()} />;
  if (items.length === 0) return <EmptyCart name={user.name} ordersPlaced={ordersPlaced} />;

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
        clearLabel="Clear search"
        placeholder={c.searchOrders}
        value={view.term}
        onChange={view.setTerm}
        count={`${view.shown.length} of ${view.total} items`}
      />
      {view.shown.length > 0 ? (
        <Table
          caption="Projects in your cart"
          captionHidden
          columns={cartColumns(user.id)}
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
