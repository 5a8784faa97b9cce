/**
 * One book of Order Details: every option by name (photo-book extras too), pages, copies, unit and line price,
 * the book PDF and the cover file with View and Download, each with its print check (ADR 0070, 0069), and the
 * cover-expert request when there is one.
 */
import { Link } from 'react-router-dom';
import { categoryDisplayName, productByName } from '@bindery/pricing/products';
import type { AdminOrderFile, AdminOrderItem } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { isPositiveAmount } from '@bindery/ui/format';
import { formatUsd } from '../lib/order-format';
import { Facts, orDash, type Fact } from './order-facts';
import { OrderCoverPreflight, OrderPreflight } from './order-preflight';
import { FileActions } from '#components/file-actions.tsx';
import { pricesAtPath } from '#lib/admin-paths.ts';

const bytes = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;

/** A file of the book: its name and size, then View and Download. */
function BookFile({ file, label, baseName }: { file: AdminOrderFile; label: string; baseName: string }) {
  return (
    <>
      <p className="b-muted" style={{ margin: 0 }}>
        {file.file_name} · {bytes(file.size_bytes)}
      </p>
      <FileActions path={file.url} downloadPath={file.download_url} label={label} baseName={baseName} />
    </>
  );
}

/** `orderedAt`: when the order was placed; its prices then are linked (Price history, ADR 0063). */
export function BookItem({ item, index, orderedAt }: { item: AdminOrderItem; index: number; orderedAt: string }) {
  const o = item.options;
  const title = item.title.trim() || messages.admin.untitledBook;
  const id = `book-${index}`;
  const product = productByName(item.category);
  return (
    <section
      className="b-stack"
      aria-labelledby={id}
      style={{
        borderTop: index > 0 ? '1px solid var(--b-color-border)' : undefined,
        paddingTop: index > 0 ? 'var(--b-space-4)' : undefined,
      }}
    >
      <h3 id={id}>{title}</h3>
      {item.proof ? (
        <p style={{ margin: 0 }} data-testid="proof-mark">
          <strong>{messages.proofs.mark}</strong>
          {item.proof.approved_at
            ? ` · approved by the customer ${new Date(item.proof.approved_at).toLocaleString('en-US')}`
            : ''}
        </p>
      ) : null}
      <Facts
        label={`${title}: details`}
        rows={[
          ['Category', categoryDisplayName(item.category)],
          ['Language', orDash(item.language)],
          ['Page Count', `${item.page_count} pages`],
          ['Quantity', `${item.quantity.toLocaleString('en-US')} ${item.quantity === 1 ? 'copy' : 'copies'}`],
          ['Trim Size', orDash(o.trim_size)],
          ['Binding Type', orDash(o.binding_type)],
          ['Interior Color', orDash(o.interior_color)],
          ['Paper Type', orDash(o.paper_type)],
          ['Cover Finish', orDash(o.cover_finish)],
          ...Object.entries(o.extras).map(([kind, name]): Fact => [kind, name]),
          ['Price per book', formatUsd(item.cost_per_book)],
          ...(isPositiveAmount(item.discount_amount)
            ? [['Bulk discount', `−${formatUsd(item.discount_amount)}`] as Fact]
            : []),
          ['Line total', <strong key="line">{formatUsd(item.line_total)}</strong>],
        ]}
      />
      {product ? (
        <p style={{ margin: 0 }}>
          <Link to={pricesAtPath(product.slug, orderedAt)}>{`${product.displayName} prices when this order was placed`}</Link>
        </p>
      ) : null}
      <div className="b-stack" aria-label={`${title}: files`} role="group">
        <h4 style={{ margin: 0 }}>Book PDF</h4>
        <BookFile file={item.pdf_file} label={`book PDF of ${title}`} baseName={`${title} - interior`} />
        <h4 style={{ margin: 0 }}>Print check</h4>
        <OrderPreflight report={item.preflight} title={title} />
        <h4 style={{ margin: 0 }}>Cover File</h4>
        {item.cover_file ? (
          <>
            <BookFile file={item.cover_file} label={`cover file of ${title}`} baseName={`${title} - cover`} />
            <h4 style={{ margin: 0 }}>Cover check</h4>
            <OrderCoverPreflight report={item.cover_preflight} title={title} />
          </>
        ) : (
          <p className="b-muted" style={{ margin: 0 }}>
            {messages.admin.noCoverFile}
          </p>
        )}
        {item.cover_expert ? (
          <div className="b-stack b-alert b-alert--info" role="group" aria-label="Cover expert request">
            <strong>Cover expert request</strong>
            <Facts
              rows={[
                ['Contact', `${item.cover_expert.contact_name} <${item.cover_expert.contact_email}>`],
                ['Book title', item.cover_expert.book_title],
                ['Genre', item.cover_expert.book_genre],
              ]}
            />
            <blockquote style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {item.cover_expert.cover_description}
            </blockquote>
          </div>
        ) : null}
      </div>
    </section>
  );
}
