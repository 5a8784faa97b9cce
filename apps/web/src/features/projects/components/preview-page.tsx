/**
 * One page of a PDF painted by PDF.js on a canvas (docs/decisions/0073), with its guides drawn over it as SVG in the
 * page's own points: only the pages on screen exist as canvases, each sized to the width shown and capped
 * (renderScale), and a page that leaves the screen cancels its painting. `data-rendered` says the pixels are in.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PDFDocumentProxy } from '../lib/pdfjs';
import { renderScale, type Box } from '../lib/preview';

/** An SVG rectangle for a guide box. */
export function GuideRect({ box, kind }: { box: Box; kind: 'trim' | 'bleed' | 'safe' | 'barcode' }) {
  return (
    <rect className={`p-guide p-guide--${kind}`} x={box.x} y={box.y} width={box.width} height={box.height} />
  );
}

/** The overlay: an SVG over the page, `width` × `height` points, showing `children` (rects and lines). */
export function GuideOverlay({
  width,
  height,
  children,
}: {
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      className="p-preview__guides"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="preview-guides"
    >
      {children}
    </svg>
  );
}

export function PdfPage({
  doc,
  pageNumber,
  label,
  overlay,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  label: string;
  /** The guides for the page as drawn, given its size in points (null: none). */
  overlay?: (size: { width: number; height: number }) => ReactNode;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [state, setState] = useState<'painting' | 'done' | 'failed'>('painting');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    // Read through a call: the flag changes while this effect's promise waits.
    const gone = () => cancelled;
    let cancelRender = () => {};
    setState('painting');
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (gone()) return;
        const natural = page.getViewport({ scale: 1 });
        setSize({ width: natural.width, height: natural.height });
        const shown = canvas.parentElement?.clientWidth ?? natural.width;
        const scale = renderScale(natural.width, natural.height, shown, window.devicePixelRatio);
        const viewport = page.getViewport({ scale });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const task = page.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        await task.promise;
        if (!gone()) setState('done');
      } catch {
        // A cancelled render rejects too; only a real failure is shown.
        if (!gone()) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      cancelRender();
    };
  }, [doc, pageNumber]);

  return (
    <div className="p-preview__sheet" data-page={pageNumber}>
      <canvas ref={canvasRef} aria-label={label} role="img" data-rendered={state === 'done'} />
      {size && overlay ? overlay(size) : null}
      {state === 'failed' ? <p className="b-muted">This page could not be drawn.</p> : null}
    </div>
  );
}
