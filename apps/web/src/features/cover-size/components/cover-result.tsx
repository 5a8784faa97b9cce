/**
 * The server's cover figures for one book: a table in inches, millimetres and points, the spine text rule, the
 * drawn spread and the link to the template PDF.
 */
import { useId } from 'react';
import type { CoverDimensionsResponse, CoverLengths } from '@bindery/contracts/store/cover';
import { trimLabel } from '@bindery/pricing/trim-sizes';
import { coverTemplateHref, type CoverRequest } from '#lib/cover-dimensions.ts';
import { CoverDiagram } from './cover-diagram';

type Row = { label: string; value: (l: CoverLengths) => string };

const by = (w: number, h: number) => `${w} × ${h}`;

const ROWS: Row[] = [
  { label: 'Full cover', value: (l) => by(l.width, l.height) },
  { label: 'Spine', value: (l) => String(l.spine_width) },
  { label: 'Trim (each cover)', value: (l) => by(l.trim_width, l.trim_height) },
  { label: 'Bleed (each edge)', value: (l) => String(l.bleed) },
  { label: 'Safe margin', value: (l) => String(l.safe_margin) },
  { label: 'Barcode box', value: (l) => by(l.barcode.width, l.barcode.height) },
];
const WRAP_ROW: Row = { label: 'Wrap (each edge)', value: (l) => String(l.wrap) };

export function CoverResult({ request, data }: { request: CoverRequest; data: CoverDimensionsResponse }) {
  const { inches } = data;
  const captionId = useId();
  const rows = inches.wrap > 0 ? [...ROWS.slice(0, 4), WRAP_ROW, ...ROWS.slice(4)] : ROWS;
  const book = `${trimLabel(data.trim_size)}, ${data.binding.name}, ${data.printed_page_count} pages on ${data.paper_type.name}`;
  const spine =
    inches.spine_width === 0
      ? 'This binding has no spine: the back and front covers meet at the fold.'
      : data.spine_text_allowed
        ? `Spine text is allowed (${data.spine_text_min_pages} pages or more).`
        : `No spine text: a book needs ${data.spine_text_min_pages} pages or more for it.`;
  return (
    <section className="b-card b-stack" aria-labelledby="cover-result-title">
      <h2 id="cover-result-title">Your cover</h2>
      <p>{book}</p>
      <p className="b-lead" data-testid="spine-width">
        Spine width: {inches.spine_width} in ({data.millimetres.spine_width} mm)
      </p>
      {/* A phone may scroll the table sideways: the keyboard can too (focusable, named by its caption). */}
      <div
        className="b-table-wrap"
        style={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
      >
        <table className="b-table">
          <caption id={captionId} className="b-muted" style={{ textAlign: 'left' }}>
            Sizes of the full cover spread (back, spine and front), width × height. Bleed and wrap are added
            on each outside edge; the safe margin is kept inside the trim and the spine folds.
          </caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">in</th>
              <th scope="col">mm</th>
              <th scope="col">pt</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value(data.inches)}</td>
                <td>{row.value(data.millimetres)}</td>
                <td>{row.value(data.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{spine}</p>
      <CoverDiagram
        inches={inches}
        summary={`Full cover ${inches.width} by ${inches.height} inches: back cover, spine ${inches.spine_width} inches, front cover, with ${inches.bleed} inch bleed${inches.wrap > 0 ? ` and ${inches.wrap} inch wrap` : ''}; the barcode box at the bottom of the back cover.`}
      />
      <div className="b-row">
        <a className="b-btn b-btn--primary" href={coverTemplateHref(request)} download>
          Download the cover template (PDF)
        </a>
        <a className="b-btn" href={coverTemplateHref(request, 'png')} download>
          Download PNG
        </a>
      </div>
    </section>
  );
}
