/** A stored file sent back to a browser: the project files and the resale certificates. */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987 needs them escaped too.
  const utf8 = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Sends a stored file: its own type, never sniffed, never cached (private documents), inline or as a download. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { stream: Readable; size: number; contentType: string; fileName: string },
  download: boolean | undefined,
) {
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** A PDF drawn by the API (job tickets, invoices): never cached, never sniffed, inline or as a download. */
export function sendPdf(
  reply: FastifyReply,
  pdf: { bytes: Uint8Array; fileName: string },
  type: 'inline' | 'attachment' = 'inline',
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(type, pdf.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf.bytes));
}
