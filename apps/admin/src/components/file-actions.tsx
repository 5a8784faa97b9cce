/**
 * View (new tab) and Download for a file the API serves only with the admin's bearer token (an order's book PDF
 * and cover, a resale certificate), so a plain link cannot open it: the bytes are fetched by the one client
 * (`api.fetchFile`: the same token, refresh and error texts as every call; docs/decisions/0017, 0043). The tab
 * for View is opened during the click, before the fetch, because browsers block windows opened later; it is
 * pointed at the object URL once the file is here (or closed if the fetch fails).
 */
import { useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { messages } from '@bindery/contracts/messages';
import { clientText } from '#lib/error-text.ts';
import { api } from '#lib/api-client.ts';

/** How long a viewed file's object URL lives: the new tab has long loaded it by then. */
const VIEW_URL_LIFETIME_MS = 60_000;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export interface FileActionsProps {
  /** API path that serves the file inline (View). */
  path: string;
  /** API path that serves it as an attachment (Download); `path` when absent. */
  downloadPath?: string;
  /** What the buttons name, e.g. 'book PDF'. */
  label: string;
  /** Download name without extension, used when the server names none. */
  baseName: string;
}

/** Saves an object URL under `name` (the browser's download), then lets the URL go. */
export function saveAs(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One Download button for a file the API makes on request with the admin's token (a CSV export): fetched by the
 * one client, saved under the server's file name (or `fileName`), an error shown beside it.
 */
export function DownloadButton({ path, fileName, children }: { path: string; fileName: string; children: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setBusy(true);
    try {
      const file = await api.fetchFile(path);
      saveAs(URL.createObjectURL(file.blob), file.fileName ?? fileName);
    } catch (e) {
      setError(clientText(e, messages.generic.networkError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="b-stack">
      <Button size="sm" variant="secondary" busy={busy} onClick={() => void run()}>
        {children}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

export function FileActions({ path, downloadPath, label, baseName }: FileActionsProps) {
  const [busy, setBusy] = useState<'view' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(action: 'view' | 'download') {
    setError(null);
    setBusy(action);
    const tab = action === 'view' ? window.open('', '_blank') : null;
    try {
      const file = await api.fetchFile(action === 'download' ? (downloadPath ?? path) : path);
      const url = URL.createObjectURL(file.blob);
      if (action === 'view') {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else setError(messages.admin.popupBlocked);
        setTimeout(() => URL.revokeObjectURL(url), VIEW_URL_LIFETIME_MS);
      } else {
        saveAs(url, file.fileName ?? `${baseName}.${EXTENSIONS[file.blob.type] ?? 'bin'}`);
      }
    } catch (e) {
      tab?.close();
      setError(clientText(e, messages.generic.networkError));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="b-stack">
      <div className="b-row">
        <Button
          size="sm"
          variant="secondary"
          busy={busy === 'view'}
          onClick={() => void run('view')}
          aria-label={`View ${label}`}
        >
          View
        </Button>
        <Button
          size="sm"
          variant="secondary"
          busy={busy === 'download'}
          onClick={() => void run('download')}
          aria-label={`Download ${label}`}
        >
          Download
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
