/**
 * The order page's Downloads (docs/decisions/0034): once an order is paid, each e-book of it offers its interior
 * PDF and its cover, fetched with the customer's token and saved by the browser. Before payment the server has no
 * download to offer (and refuses one with 403), so nothing is shown.
 */
import { useState } from 'react';
import { ApiError } from '@bindery/api-client';
import { saveFetchedFile } from '@bindery/api-client/files';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';
import { fetchDownload } from '../api/download-file';

export function OrderDownloads({ order }: { order: Order }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const books = order.items.flatMap((i) => (i.downloads ? [{ ...i, downloads: i.downloads }] : []));
  if (books.length === 0) return null;

  async function download(path: string, fallbackName: string) {
    setError(null);
    setBusy(path);
    try {
      saveFetchedFile(await fetchDownload(path), fallbackName);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.generic.networkError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="b-card b-stack" aria-labelledby="order-downloads">
      <h2 id="order-downloads">Downloads</h2>
      <p className="b-muted" style={{ margin: 0 }}>
        Your e-book files, ready to download.
      </p>
      <ul className="b-stack" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
        {books.map(({ downloads: { pdf, cover }, ...b }) => (
          <li key={b.project_id} className="b-row">
            <strong>{b.title || messages.projects.untitled}</strong>
            <Button
              variant="secondary"
              busy={busy === pdf}
              aria-label={`Download the PDF of ${b.title}`}
              onClick={() => void download(pdf, `${b.title}.pdf`)}
            >
              Download PDF
            </Button>
            {cover ? (
              <Button
                variant="secondary"
                busy={busy === cover}
                aria-label={`Download the cover of ${b.title}`}
                onClick={() => void download(cover, `${b.title} cover`)}
              >
                Download cover
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
