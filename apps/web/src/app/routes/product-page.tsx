/** /products/{segment}: a product page with its live catalog (trim sizes, bindings, papers) and its calculator. */
import { Link, useParams } from 'react-router-dom';
import { hasCoverSpread } from '@bindery/pricing/cover';
import { PRODUCTS } from '@bindery/pricing/products';
import { coverSizePath } from '#lib/cover-size-path.ts';
import { ProductCatalog } from '#features/calculators/components/product-catalog.tsx';
import { PRODUCT_ART_ALT, productArt } from '#lib/product-art.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { PRODUCT_CONTENT } from './content/product-content';
import NotFoundRoute from './not-found';

export default function ProductPageRoute() {
  const { segment = '' } = useParams();
  const content = Object.hasOwn(PRODUCT_CONTENT, segment) ? PRODUCT_CONTENT[segment] : undefined;
  useDocumentTitle(content?.title ?? 'Page not found');
  if (!content) return <NotFoundRoute />;
  const product = content.category ? PRODUCTS[content.category] : null;
  return (
    <div className="b-container b-stack">
      <div className="b-product-head">
        <div className="b-stack">
          <p className="b-eyebrow">Products</p>
          <h1>{content.title}</h1>
          <p className="b-lead">{content.intro}</p>
        </div>
        <img
          className="b-product-figure"
          src={productArt(content.art)}
          alt={PRODUCT_ART_ALT[content.art]}
          width={360}
          height={216}
        />
      </div>
      <div className="b-row">
        {product ? (
          <Link to={product.calculatorPath} className="b-btn b-btn--primary">
            Price your {product.displayName.toLowerCase()}
          </Link>
        ) : null}
        <Link to="/start-project" className="b-btn b-btn--secondary">
          Start a project
        </Link>
        {product && hasCoverSpread(product) ? (
          <Link to={coverSizePath({ category: product.slug })} className="b-btn b-btn--ghost">
            Cover size calculator
          </Link>
        ) : null}
      </div>
      <ul className="b-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {content.points.map((p) => (
          <li key={p.title} className="b-card b-feature">
            <h2 style={{ fontSize: 'var(--b-text-lg)' }}>{p.title}</h2>
            <p>{p.text}</p>
          </li>
        ))}
      </ul>
      {product ? (
        <section className="b-stack" aria-labelledby="options-title">
          <h2 id="options-title">Options available today</h2>
          <ProductCatalog product={product} />
        </section>
      ) : null}
    </div>
  );
}
