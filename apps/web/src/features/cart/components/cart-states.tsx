/**
 * The cart's states besides the list (cart-screen.tsx): the link back, 'Please Login' for guests, loading, a
 * failed load, and the empty cart ('No Orders Yet' with three hints before the first order).
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';

const c = messages.cart;

export function BackToDashboard() {
  return (
    <p>
      <Link to="/userdashboard">← Back to Dashboard</Link>
    </p>
  );
}

export function CartNeedsLogin() {
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

export function CartLoading() {
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

export function CartFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="b-container b-stack">
      <BackToDashboard />
      <h1>Your Cart</h1>
      <Alert tone="error">We could not load your cart. Please try again.</Alert>
      <div className="b-row">
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

/** An empty cart: after an order simply that; before the first one, 'No Orders Yet' and how ordering goes. */
export function EmptyCart({ name, ordersPlaced }: { name: string; ordersPlaced: number }) {
  return (
    <div className="b-container b-stack">
      <BackToDashboard />
      <h1>{ordersPlaced > 0 ? 'Your Cart' : c.noOrdersYet}</h1>
      <p className="b-lead">Hi {name || 'User'}, your cart is empty.</p>
      <div className="b-row">
        <Link to="/userdashboard" className="b-btn b-btn--primary">
          Back to Dashboard
        </Link>
      </div>
      {ordersPlaced > 0 ? null : (
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
      )}
    </div>
  );
}
