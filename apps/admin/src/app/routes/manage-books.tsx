/** /manage-books: the seven book categories, each linking to its price editor. */
import { ManageBooks } from '#features/books/components/manage-books.tsx';

export default function ManageBooksRoute() {
  return <ManageBooks />;
}
