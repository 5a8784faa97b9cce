/**
 * The interior's print preflight on the design page (docs/decisions/0060): one line per check with its status in
 * words, what was found and on which pages, and what to do. An error stops 'Print Your Book' (design-form.tsx)
 * until another file is uploaded or the options changed to fit it; warnings need one "I have reviewed these
 * warnings" for the warnings as they stand (ADR 0070).
 */
import type { PreflightCheck, PreflightReport } from '@bindery/contracts/store/preflight';
import { formatPages, PREFLIGHT_CHECK_TITLES } from '@bindery/contracts/store/preflight';
import type { PageRange } from '@bindery/contracts/store/preflight';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';

/** A check's status as a badge (the cover check's too). */
export const BADGE: Record<PreflightCheck['status'], { tone: StatusTone; text: string }> = {
  ok: { tone: 'success', text: 'OK' },
  warning: { tone: 'warning', text: 'Warning' },
  error: { tone: 'danger', text: 'Error' },
};

export function PreflightReportView({
  report,
  trimChosen,
  acknowledged = false,
  onAcknowledge,
  onShowPage,
}: {
  report: PreflightReport;
  trimChosen: boolean;
  /** The warnings as they stand have been reviewed (ADR 0070). */
  acknowledged?: boolean;
  /** Absent: the report is shown read-only (the admin's order). */
  onAcknowledge?: (yes: boolean) => void;
  /** Present: each finding's pages link to the preview (ADR 0073). */
  onShowPage?: (page: number) => void;
}) {
  const summary =
    report.status === 'error'
      ? 'This file cannot be printed as it is: see the errors below.'
      : report.status === 'warning'
        ? 'This file can be printed; please read the warnings below and confirm you have reviewed them.'
        : 'This file passed the print checks.';
  return (
    <section className="b-stack p-preflight" aria-labelledby="preflight-title">
      <h3 id="preflight-title">Print check</h3>
      <p>
        {summary}
        {trimChosen ? null : ' Choose a trim size to check the page size.'}
      </p>
      <ul className="p-preflight__checks">
        {report.checks.map((c) => (
          <li key={c.check} data-status={c.status}>
            <StatusBadge tone={BADGE[c.status].tone}>{BADGE[c.status].text}</StatusBadge>{' '}
            <strong>{PREFLIGHT_CHECK_TITLES[c.check]}</strong>
            {c.pages.length > 0 ? <span className="b-muted"> ({formatPages(c.pages)})</span> : null}
            {onShowPage && c.status !== 'ok' && c.pages.length > 0 ? (
              <PageLinks ranges={c.pages} onShowPage={onShowPage} />
            ) : null}
            <p>{c.message}</p>
          </li>
        ))}
      </ul>
      {report.status === 'warning' && onAcknowledge ? (
        <label className="b-row">
          <input
            type="checkbox"
            checked={acknowledged}
            onChange={(e) => onAcknowledge(e.currentTarget.checked)}
          />{' '}
          I have reviewed these warnings
        </label>
      ) : null}
    </section>
  );
}

/** At most this many of a finding's page runs link to the preview (its text names them all). */
const LINKED_RUNS = 10;

/** "Show page 3, 7–9 in the preview": each run a button that opens its first page (ADR 0073). */
function PageLinks({
  ranges,
  onShowPage,
}: {
  ranges: readonly PageRange[];
  onShowPage: (page: number) => void;
}) {
  return (
    <span className="p-preflight__links">
      {' '}
      Show in the preview:
      {ranges.slice(0, LINKED_RUNS).map(([a, b]) => (
        <button
          key={a}
          type="button"
          className="p-preview__link"
          aria-label={`Show page ${a} in the preview`}
          onClick={() => onShowPage(a)}
        >
          {a === b ? a : `${a}–${b}`}
        </button>
      ))}
    </span>
  );
}
