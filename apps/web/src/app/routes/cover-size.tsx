/** /cover-size: the cover size calculator (docs/decisions/0055). */
import { CoverSizeCalculator } from '#features/cover-size/components/cover-size-calculator.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function CoverSizeRoute() {
  useDocumentTitle('Cover size calculator');
  return (
    <div className="b-container b-stack">
      <p className="b-eyebrow">Resources</p>
      <h1>Cover size calculator</h1>
      <p className="b-lead">
        Choose your book to see its full cover: spine width, bleed, safe area and barcode box, drawn to scale,
        with a print-ready template to design on.
      </p>
      <CoverSizeCalculator />
    </div>
  );
}
