/**
 * The bytes of an uploaded file for the design page's preview (docs/decisions/0073): GET api/book/uploads/{id}/file/
 * with the customer's token (the file is theirs alone), then a PDF opened by PDF.js (loaded only now) or an image
 * as a blob: URL. Everything is let go when the file changes or the page leaves: the document destroyed (its
 * worker's memory), the URL revoked, a download still running aborted.
 */
import { useEffect, useState } from 'react';
import { projectRoutes, type UploadedFile } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';
import { errorText } from '#lib/error-text.ts';
import type { PDFDocumentProxy } from '../lib/pdfjs';

export type PreviewFile =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'pdf'; doc: PDFDocumentProxy }
  | { status: 'image'; url: string }
  | { status: 'error'; message: string };

export function usePreviewFile(upload: UploadedFile | null): PreviewFile {
  const [state, setState] = useState<{ id: string; file: PreviewFile } | null>(null);
  const id = upload?.id ?? null;
  const isPdf = upload?.content_type === 'application/pdf';

  useEffect(() => {
    if (id === null) return;
    const aborter = new AbortController();
    let release = () => {};
    // Read through a call: the signal changes while the promises wait.
    const gone = () => aborter.signal.aborted;
    const settle = (file: PreviewFile) => {
      if (!gone()) setState({ id, file });
    };
    void (async () => {
      try {
        const { blob } = await api.download(
          projectRoutes.uploadFile,
          { params: { id } },
          { signal: aborter.signal },
        );
        if (gone()) return;
        if (!isPdf) {
          const url = URL.createObjectURL(blob);
          release = () => URL.revokeObjectURL(url);
          settle({ status: 'image', url });
          return;
        }
        const { openPdf } = await import('../lib/pdfjs');
        const opening = openPdf(new Uint8Array(await blob.arrayBuffer()));
        release = opening.cancel;
        // The loading task's destroy() lets the document and its worker go, once open too.
        const doc = await opening.promise;
        if (gone()) release();
        else settle({ status: 'pdf', doc });
      } catch (err) {
        settle({ status: 'error', message: errorText(err, 'The preview could not be shown.') });
      }
    })();
    return () => {
      aborter.abort();
      release();
    };
  }, [id, isPdf]);

  if (id === null) return { status: 'none' };
  return state?.id === id ? state.file : { status: 'loading' };
}
