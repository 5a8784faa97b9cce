/**
 * The cart as the server knows it: the ids kept in local storage (lib/cart.ts) read from GET api/book/my-books/?ids=
 * (200 a request, docs/decisions/0037).
 * A stored id whose project was deleted, or is already in a paid order, drops out (and is pruned from storage
 * once a fresh list has arrived, so the header badge agrees). The total is the sum of the server's project
 * prices, added in integer cents (docs/spec/calculators-account-admin.md §2 hard-codes '$0.00': a defect, ADR 0015).
 */
import { useEffect, useMemo } from 'react';
import type { Project } from '@bindery/contracts/store/projects';
import { formatCents, parseCents } from '@bindery/pricing/money';
import { removeFromCart, useCart } from '#lib/cart.ts';
import { useMyBooksByIds } from '#lib/my-books.ts';

export function useCartProjects(userId: number | null) {
  const cart = useCart(userId);
  const books = useMyBooksByIds(
    userId,
    cart.map((i) => i.id),
  );

  const items = useMemo(() => {
    const byId = new Map((books.data ?? []).filter((p) => p.status === 'draft').map((p) => [p.id, p]));
    return cart.map((i) => byId.get(i.id)).filter((p): p is Project => p !== undefined);
  }, [cart, books.data]);

  // Only a list fetched since this screen opened may prune: a cached one could predate a project just created.
  const fresh = books.isFetchedAfterMount && !books.isFetching && books.isSuccess;
  useEffect(() => {
    if (!userId || !fresh) return;
    const kept = new Set(items.map((p) => p.id));
    const stale = cart.filter((i) => !kept.has(i.id)).map((i) => i.id);
    if (stale.length > 0) removeFromCart(userId, stale);
  }, [userId, fresh, items, cart]);

  const totalCents = items.reduce((sum, p) => sum + (p.price ? parseCents(p.price.total_cost) : 0), 0);
  return { items, books, total: formatCents(totalCents) };
}
