/** The cart table's columns: title, 'In Cart', the server's price and Remove (cart-screen.tsx). */
import { Button } from '@bindery/ui/button';
import { formatUsd } from '@bindery/ui/format';
import type { Column } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { Project } from '@bindery/contracts/store/projects';
import { titledColumns, type TitledSortKey } from '#components/list/project-columns.tsx';
import { removeFromCart } from '#lib/cart.ts';

const c = messages.cart;
const p = messages.projects;

export function cartColumns(userId: number): Column<Project, TitledSortKey>[] {
  return [
    ...titledColumns<Project>(
      (x) =>
        `${x.page_count} pages · ${x.quantity} ${x.quantity === 1 ? 'copy' : 'copies'}${x.proof_of === undefined ? '' : ` · ${messages.proofs.proofLine}`}`,
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
          onClick={() => removeFromCart(userId, [x.id])}
        >
          Remove
        </Button>
      ),
    },
  ];
}
