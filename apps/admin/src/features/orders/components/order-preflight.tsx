/**
 * The print checks of one book, as saved with it when the customer sent it to print: the interior's (ADR 0070) and
 * the cover's (ADR 0069), each with its overall status, then each check's status, message and (the interior's)
 * pages, so staff see before printing what the customer was told. A book without a report says so.
 */
import { COVER_CHECK_TITLES, type CoverPreflightReport } from '@bindery/contracts/store/cover-preflight';
import type { PageRange, PreflightReport } from '@bindery/contracts/store/preflight';
import { formatPages, PREFLIGHT_CHECK_TITLES } from '@bindery/contracts/store/preflight';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';

type Status = PreflightReport['status'];

const BADGE: Record<Status, { tone: StatusTone; text: string }> = {
  ok: { tone: 'success', text: 'OK' },
  warning: { tone: 'warning', text: 'Warning' },
  error: { tone: 'danger', text: 'Error' },
};

interface Line {
  key: string;
  status: Status;
  title: string;
  message: string;
  pages?: readonly PageRange[];
}

/** A report's status in words, `against` (what it was checked against), then one line per check. */
function Checks({
  label,
  status,
  warning,
  against,
  lines,
}: {
  label: string;
  status: Status;
  warning: string;
  against: string;
  lines: readonly Line[];
}) {
  return (
    <div className="b-stack" role="group" aria-label={label}>
      <p style={{ margin: 0 }}>
        <StatusBadge tone={BADGE[status].tone}>{BADGE[status].text}</StatusBadge>{' '}
        {status === 'warning' ? warning : status === 'ok' ? 'Passed every check.' : 'Has errors.'}
        {against}
      </p>
      <ul style={{ margin: 0 }}>
        {lines.map((c) => (
          <li key={c.key} data-status={c.status}>
            <StatusBadge tone={BADGE[c.status].tone}>{BADGE[c.status].text}</StatusBadge>{' '}
            <strong>{c.title}</strong>
            {c.pages && c.pages.length > 0 ? (
              <span className="b-muted"> ({formatPages(c.pages)})</span>
            ) : null}
            : {c.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

const unchecked = (text: string) => (
  <p className="b-muted" style={{ margin: 0 }}>
    {text}
  </p>
);

export function OrderPreflight({ report, title }: { report: PreflightReport | null; title: string }) {
  if (!report) return unchecked('No print check (an e-book, or a file uploaded before files were checked).');
  return (
    <Checks
      label={`Print check of ${title}`}
      status={report.status}
      warning="Printable; the customer reviewed these warnings."
      against={report.trim_size ? ` Checked against ${report.trim_size}.` : ''}
      lines={report.checks.map((c) => ({ ...c, key: c.check, title: PREFLIGHT_CHECK_TITLES[c.check] }))}
    />
  );
}

/** The cover's check against the full cover of the book (its size with bleed, for the page count ordered). */
export function OrderCoverPreflight({
  report,
  title,
}: {
  report: CoverPreflightReport | null;
  title: string;
}) {
  if (!report)
    return unchecked('No cover check (an e-book, or a cover uploaded before covers were checked).');
  return (
    <Checks
      label={`Cover check of ${title}`}
      status={report.status}
      warning="Printable, with the warnings the customer was shown."
      against={` Checked against the full cover of ${report.cover_size}.`}
      lines={report.checks.map((c) => ({ ...c, key: c.check, title: COVER_CHECK_TITLES[c.check] }))}
    />
  );
}
