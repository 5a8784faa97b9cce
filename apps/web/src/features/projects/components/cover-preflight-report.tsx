/**
 * The cover's print check on the design page (docs/decisions/0069), under the cover upload: the template downloads
 * for the book chosen so far (PDF and PNG), and one line per check of the uploaded cover with its status in words.
 * An error stops 'Print Your Book' (use-design-form.ts) as the interior's do.
 */
import { COVER_CHECK_TITLES, type CoverPreflightReport } from '@bindery/contracts/store/cover-preflight';
import { StatusBadge } from '@bindery/ui/status-badge';
import { coverTemplateHref, type CoverRequest } from '#lib/cover-dimensions.ts';
import { BADGE } from './preflight-report';

export function CoverPreflightView({
  request,
  report,
}: {
  request: CoverRequest | null;
  report: CoverPreflightReport | null;
}) {
  if (!request) return null;
  return (
    <section className="b-stack p-preflight" aria-labelledby="cover-preflight-title">
      <h3 id="cover-preflight-title">Cover check</h3>
      <p className="b-row">
        <a href={coverTemplateHref(request)} download>
          Download the cover template (PDF)
        </a>
        <a href={coverTemplateHref(request, 'png')} download>
          Download PNG
        </a>
      </p>
      {report ? (
        <>
          <p>
            {report.status === 'error'
              ? `This cover cannot be printed on this book as it is: the full cover is ${report.cover_size}.`
              : report.status === 'warning'
                ? 'This cover can be printed; please read the warnings below.'
                : 'This cover passed the print checks.'}
          </p>
          <ul className="p-preflight__checks">
            {report.checks.map((c) => (
              <li key={c.check} data-status={c.status}>
                <StatusBadge tone={BADGE[c.status].tone}>{BADGE[c.status].text}</StatusBadge>{' '}
                <strong>{COVER_CHECK_TITLES[c.check]}</strong>
                <p>{c.message}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
