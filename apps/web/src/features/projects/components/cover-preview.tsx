/**
 * The cover's preview on the design page (docs/decisions/0073): a PDF cover's page drawn by PDF.js, an image cover
 * as it is, with the full cover's lines of the book as chosen over it (the server's geometry from
 * @bindery/pricing/cover: trim around back, spine and front, the spine's folds, the safe areas and the barcode box),
 * the sheet scaled onto the file as a printer would.
 */
import { useState } from 'react';
import type { CoverLengths } from '@bindery/contracts/store/cover';
import { useCoverDimensions, type CoverRequest } from '#lib/cover-dimensions.ts';
import type { PreviewFile } from '../hooks/use-preview-file';
import { coverGuides } from '../lib/preview';
import { PreviewBody } from './interior-preview';
import { GuideOverlay, GuideRect, PdfPage } from './preview-page';

function CoverLines({ points }: { points: CoverLengths }) {
  const g = coverGuides(points);
  return (
    <GuideOverlay width={g.sheet.width} height={g.sheet.height}>
      <GuideRect box={g.trim} kind="trim" />
      {g.folds.map((x) => (
        <line key={x} className="p-guide p-guide--fold" x1={x} x2={x} y1={0} y2={g.sheet.height} />
      ))}
      {g.safe.map((box) => (
        <GuideRect key={`${box.x}`} box={box} kind="safe" />
      ))}
      <GuideRect box={g.barcode} kind="barcode" />
    </GuideOverlay>
  );
}

export function CoverPreview({ file, request }: { file: PreviewFile; request: CoverRequest | null }) {
  const [guides, setGuides] = useState(true);
  const shown = file.status === 'image' || file.status === 'pdf';
  const dimensions = useCoverDimensions(shown ? request : null);
  if (file.status === 'none') return null;
  const points = guides ? dimensions.data?.points : undefined;
  return (
    <section className="b-stack p-preview" aria-labelledby="cover-preview-title">
      <h3 id="cover-preview-title">Cover preview</h3>
      <label className="b-row">
        <input type="checkbox" checked={guides} onChange={(e) => setGuides(e.currentTarget.checked)} /> Show
        trim, spine, safe-area and barcode lines
      </label>
      {guides && !request ? (
        <p className="b-muted">Choose the trim, binding and paper to see the lines.</p>
      ) : null}
      {file.status === 'image' ? (
        <div className="p-preview__sheet p-preview__cover">
          <img src={file.url} alt="Your cover" />
          {points ? <CoverLines points={points} /> : null}
        </div>
      ) : (
        <PreviewBody file={file}>
          {(doc) => (
            <div className="p-preview__cover">
              <PdfPage
                doc={doc}
                pageNumber={1}
                label="Cover"
                overlay={() => (points ? <CoverLines points={points} /> : null)}
              />
            </div>
          )}
        </PreviewBody>
      )}
    </section>
  );
}
