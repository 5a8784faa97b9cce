/**
 * PDF.js for the design page's preview (docs/decisions/0073), loaded only when a file is previewed (a dynamic
 * import: its chunk never weighs on other pages). The parsing runs in PDF.js's worker, a file of our own origin
 * (Vite's `?url`), which the CSP's script-src 'self' allows as a worker; no WebAssembly (no 'wasm-unsafe-eval' in
 * the CSP: JPEG 2000 and JBIG2 images then draw as PDF.js can without it) and no eval (PDF.js 6 has none).
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Opens the file's bytes (PDF.js takes them over); `cancel()` stops the opening or lets the open document go. */
export function openPdf(bytes: Uint8Array): { promise: Promise<PDFDocumentProxy>; cancel: () => void } {
  const task = getDocument({ data: bytes, useWasm: false, verbosity: 0, enableXfa: false });
  return { promise: task.promise, cancel: () => void task.destroy() };
}
