/** /resources/{segment}: a resource page (guides, blog, publishing, contact, hiring, order lookup, planning). */
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { RESOURCE_CONTENT } from './content/resource-content';
import NotFoundRoute from './not-found';

export default function ResourcePageRoute() {
  const { segment = '' } = useParams();
  const content = Object.hasOwn(RESOURCE_CONTENT, segment) ? RESOURCE_CONTENT[segment] : undefined;
  useDocumentTitle(content?.title ?? 'Page not found');
  if (!content) return <NotFoundRoute />;
  return (
    <div className="b-container b-stack">
      <p className="b-eyebrow">Resources</p>
      <h1>{content.title}</h1>
      <p className="b-lead">{content.intro}</p>
      <div className="b-grid">
        {content.sections.map((s) => (
          <section key={s.title} className="b-card" aria-labelledby={`s-${s.title}`}>
            <h2 id={`s-${s.title}`} style={{ fontSize: 'var(--b-text-xl)' }}>
              {s.title}
            </h2>
            <ul>
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {content.cta ? (
        <p>
          <Link to={content.cta.to} className="b-btn b-btn--primary">
            {content.cta.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
