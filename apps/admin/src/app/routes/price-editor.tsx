/**
 * /admin/books/{comic,calendar,photo,printbook,yearbook,magazinebook,thesis}/edit: the one price editor, for the
 * product whose editorPath this is; any other book gets the not-found page.
 */
import { useParams } from 'react-router-dom';
import { PriceEditor } from '#features/books/components/price-editor.tsx';
import { productByEditorPath } from '#features/books/lib/editor-settings.ts';
import NotFoundRoute from './not-found';

export default function PriceEditorRoute() {
  const product = productByEditorPath(useParams().book);
  // key: moving between editors starts a fresh one (no pending changes carried across products).
  return product ? <PriceEditor key={product.slug} product={product} /> : <NotFoundRoute />;
}
