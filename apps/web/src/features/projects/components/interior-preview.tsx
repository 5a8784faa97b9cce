/**
 * The interior's preview on the design page (docs/decisions/0073): the uploaded PDF drawn in the browser by PDF.js,
 * from page 1 or any page by number, as the book's spreads on a wide screen and one page at a time on a phone
 * (≤ 600 px), with the trim / bleed / safe-area lines of the chosen trim on a checkbox, and the pages with findings
 * of the print check marked and listed (the report's page links open them here too). Only the spread on screen is
 * painted, so an 800-page file costs two canvases.
 */
import { useEffect, useState } from 'react';
import { Button } from '@bindery/ui/button';
import { StatusBadge } from '@bindery/ui/status-badge';
import {
  PREFLIGHT_CHECK_TITLES,
  type PdfFacts,
  type PreflightReport,
  type PreflightTrim,
} from '@bindery/contracts/store/preflight';
import type { PreviewFile } from '../hooks/use-preview-file';
import {
  clampPage,
  findingsOn,
  pageGuides,
  pagesWithFindings,
  PHONE_MAX_WIDTH_PX,
  reportedPageSize,
  spreadOf,
  stepSpread,
} from '../lib/preview';
import { GuideOverlay, GuideRect, PdfPage } from './preview-page';
import { BADGE } from './preflight-report';

/** At most this many runs of pages with findings are listed as links (the report names them all). */
const LISTED_RUNS = 20;

/** matchMedia, missing in some test DOMs whatever the DOM types say. */
const mediaQuery = (query: string) =>
  typeof (window.matchMedia as typeof window.matchMedia | undefined) === 'function'
    ? window.matchMedia(query)
    : null;

/** True while the window is wider than a phone (a DOM without matchMedia counts as wide). */
export function useWideScreen(): boolean {
  const query = `(min-width: ${PHONE_MAX_WIDTH_PX + 1}px)`;
  const [wide, setWide] = useState(() => mediaQuery(query)?.matches ?? true);
  useEffect(() => {
    const media = mediaQuery(query);
    if (!media) return;
    const follow = () => setWide(media.matches);
    follow();
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [query]);
  return wide;
}

export function InteriorPreview({
  file,
  pageCount,
  report,
  facts,
  trim,
  page,
  onPage,
}: {
  file: PreviewFile;
  pageCount: number;
  report: PreflightReport | null;
  facts: PdfFacts | null | undefined;
  trim: PreflightTrim | null;
  /** The page asked for (the spread holding it is shown). */
  page: number;
  onPage: (page: number) => void;
}) {
  const wide = useWideScreen();
  const [guides, setGuides] = useState(true);
  const [typed, setTyped] = useState('');
  const shown = spreadOf(page, pageCount, wide);
  const runs = pagesWithFindings(report);

  return (
    <section className="b-stack p-preview" aria-labelledby="preview-title" id="interior-preview">
      <h3 id="preview-title">Preview</h3>
      <div className="b-row p-preview__tools">
        <Button variant="secondary" onClick={() => onPage(1)} disabled={shown[0] === 1}>
          First page
        </Button>
        <Button variant="secondary" onClick={() => onPage(stepSpread(page, pageCount, wide, -1))}>
          Previous
        </Button>
        <Button variant="secondary" onClick={() => onPage(stepSpread(page, pageCount, wide, 1))}>
          Next
        </Button>
        <form
          className="b-row"
          onSubmit={(e) => {
            e.preventDefault();
            onPage(clampPage(Number(typed), pageCount));
          }}
        >
          <label className="b-row">
            Page{' '}
            <input
              type="number"
              min={1}
              max={pageCount}
              value={typed}
              placeholder={String(page)}
              onChange={(e) => setTyped(e.currentTarget.value)}
              className="p-preview__page-input"
            />{' '}
            of {pageCount}
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </form>
        <label className="b-row">
          <input type="checkbox" checked={guides} onChange={(e) => setGuides(e.currentTarget.checked)} /> Show
          trim, bleed and safe-area lines
        </label>
      </div>
      {guides ? (
        <p className="b-muted p-preview__legend">
          {trim ? (
            <>
              <span className="p-legend p-legend--trim">Trim ({trim.name})</span>{' '}
              <span className="p-legend p-legend--bleed">Bleed 0.125 in</span>{' '}
              <span className="p-legend p-legend--safe">Safe area 0.25 in</span>
            </>
          ) : (
            'Choose a trim size to see its lines.'
          )}
        </p>
      ) : null}
      {runs.length > 0 ? (
        <p className="p-preview__marked">
          Pages with findings:{' '}
          {runs.slice(0, LISTED_RUNS).map(([a, b]) => (
            <button key={a} type="button" className="p-preview__link" onClick={() => onPage(a)}>
              {a === b ? a : `${a}–${b}`}
            </button>
          ))}
          {runs.length > LISTED_RUNS ? ' …' : null}
        </p>
      ) : null}
      <PreviewBody file={file}>
        {(doc) => (
          <div className="p-preview__spread" data-spread={shown.join('-')}>
            {shown.map((n) => {
              const found = findingsOn(report, n);
              const worst = found.some((c) => c.status === 'error')
                ? 'error'
                : found.length > 0
                  ? 'warning'
                  : 'ok';
              return (
                <figure key={n} className="p-preview__page" data-findings={worst}>
                  <PdfPage
                    doc={doc}
                    pageNumber={n}
                    label={`Page ${n}`}
                    overlay={(size) => {
                      const g = guides ? pageGuides(size, reportedPageSize(facts, n), trim) : null;
                      return g ? (
                        <GuideOverlay width={size.width} height={size.height}>
                          {g.bleed ? <GuideRect box={g.bleed} kind="bleed" /> : null}
                          <GuideRect box={g.trim} kind="trim" />
                          <GuideRect box={g.safe} kind="safe" />
                        </GuideOverlay>
                      ) : null;
                    }}
                  />
                  <figcaption>
                    Page {n}
                    {found.map((c) => (
                      <span key={c.check}>
                        {' '}
                        <StatusBadge tone={BADGE[c.status].tone}>
                          {BADGE[c.status].text}: {PREFLIGHT_CHECK_TITLES[c.check]}
                        </StatusBadge>
                      </span>
                    ))}
                  </figcaption>
                </figure>
              );
            })}
          </div>
        )}
      </PreviewBody>
    </section>
  );
}

/** What the preview shows while the file loads or when it cannot be drawn; the document once it is open. */
export function PreviewBody({
  file,
  children,
}: {
  file: PreviewFile;
  children: (doc: Extract<PreviewFile, { status: 'pdf' }>['doc']) => React.ReactNode;
}) {
  switch (file.status) {
    case 'none':
      return null;
    case 'loading':
      return <p className="b-muted">Loading the preview…</p>;
    case 'error':
      return <p className="b-muted">{file.message}</p>;
    case 'image':
      return null;
    case 'pdf':
      return <>{children(file.doc)}</>;
  }
}
