/** /manage-books: the seven book categories, each linking to its price editor; below, the first-print discount. */
import { ManageBooks } from '#features/books/components/manage-books.tsx';
import { FirstPrintDiscount } from '#features/promotions/components/first-print-discount.tsx';

export default function ManageBooksRoute() {
  return (
    <ManageBooks>
      <FirstPrintDiscount />
    </ManageBooks>
  );
}
