/**
 * A proof copy on the customer's order page (ADR 0078): once the order has shipped, "Approve proof" for each proof
 * line not yet approved; once approved, the date and "Order copies", which puts the book the proof was made of
 * into the cart at its own copies and price (the server prices it again at checkout) and goes on to /shop.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { messages } from '@bindery/contracts/messages';
import type { Order, OrderItem } from '@bindery/contracts/store/checkout';
import { addToCart } from '#lib/cart.ts';
import { errorText } from '#lib/error-text.ts';
import { useApproveProof } from '../api/approve-proof';
import { formatDateTime } from '../lib/order-display';

const p = messages.proofs;

/** A proof has arrived, or is on its way, once its order shipped (the server's rule too). */
const approvable = (order: Order) => order.status === 'shipped' || order.status === 'delivered';

export function OrderProof({ order, userId }: { order: Order; userId: number }) {
  const proofs = order.items.filter((i) => i.proof !== undefined);
  if (proofs.length === 0) return null;
  return (
    <section className="b-card b-stack b-no-print" aria-labelledby="order-proof">
      <h2 id="order-proof">{p.approveTitle}</h2>
      {proofs.map((item) => (
        <ProofLine key={item.project_id} order={order} item={item} userId={userId} />
      ))}
    </section>
  );
}

function ProofLine({ order, item, userId }: { order: Order; item: OrderItem; userId: number }) {
  const navigate = useNavigate();
  const approve = useApproveProof(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const proof = item.proof;
  if (!proof) return null;
  const title = item.title || messages.projects.untitled;

  if (proof.approved_at === null) {
    if (!approvable(order)) return <p style={{ margin: 0 }}>{`${title}: ${p.notYetArrived}`}</p>;
    return (
      <div className="b-stack">
        <p style={{ margin: 0 }}>{p.approveHint}</p>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="b-row">
          <Button
            variant="accent"
            busy={approve.isPending}
            aria-label={`${p.approveButton}: ${title}`}
            onClick={() => {
              setProblem(null);
              approve.mutate(item.project_id, { onError: (e) => setProblem(errorText(e, p.approveFailed)) });
            }}
          >
            {p.approveButton}
          </Button>
        </div>
      </div>
    );
  }

  const bookId = proof.book_id;
  return (
    <div className="b-stack">
      <p style={{ margin: 0 }} role="status">
        {`${title}: ${p.approvedAt(formatDateTime(proof.approved_at))}`}
      </p>
      {bookId === null ? null : (
        <>
          <p className="b-muted" style={{ margin: 0 }}>
            {p.orderCopiesHint}
          </p>
          <div className="b-row">
            <Button
              variant="accent"
              aria-label={`${p.orderCopiesButton}: ${title}`}
              onClick={() => {
                addToCart(userId, { id: bookId, title: item.title, category: item.category });
                void navigate('/shop');
              }}
            >
              {proof.copies === null ? p.orderCopiesButton : `${p.orderCopiesButton} (${proof.copies})`}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
