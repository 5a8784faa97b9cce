/**
 * Once an order is paid its projects are ordered: take them out of the buyer's cart (the local list of
 * cart_{userId}), so the cart and the header badge stop offering them. Only a server-confirmed paid order counts.
 */
import { useEffect } from 'react';
import type { Order } from '@bindery/contracts/store/checkout';
import { readCart, removeFromCart } from '#lib/cart.ts';
import { isPaid } from '../api/get-order';

export function useForgetPaidProjects(userId: number, order: Order | undefined) {
  useEffect(() => {
    if (!order || !isPaid(order)) return;
    const ids = order.items.map((i) => i.project_id);
    if (readCart(userId).some((i) => ids.includes(i.id))) removeFromCart(userId, ids);
  }, [userId, order]);
}
