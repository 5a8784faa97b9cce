/**
 * The interior's print check of one book, as saved with it when the customer sent it to print (ADR 0070): the
 * overall status, then each check's status, message and pages, so staff see before printing what the customer
 * was told and acknowledged. A book without a report (an e Book, a file from before the checks) says so.
 */
import type { PreflightReport } from '@bindery/contracts/store/preflight';
import { formatPages, PREFLIGHT_CHECK_TITLES } from '@bindery/contracts/store/preflight';
import { StatusBadge, type StatusTone } from '@bindery/ui/status-badge';

const BADGE: Record<PreflightReport['status'], { tone: StatusTone; text: string }> = {
  ok: { tone: 'success', text: 'OK' },
  warning: { tone: 'warning', text: 'Warning' },
  error: { tone: 'danger', text: 'Error' },
};

export function OrderPreflight({ report, title }: { report: PreflightReport | null; title: string }) {
  if (!report)
    return (
      <p className="b-muted" style={{ margin: 0 }}>
        No print check (an e-book, or a file uploaded before files were checked).
      </p>
    );
  return (
    <div className="b-stack" role="group" aria-label={`Print check of ${title}`}>
      <p style={{ margin: 0 }}>
        <StatusBadge tone={BADGE[report.status].tone}>{BADGE[report.status].text}</StatusBadge>{' '}
        {report.status === 'warning'
          ? 'Printable; the customer reviewed these warnings.'
          : report.status === 'ok'
            ? 'Passed every check.'
            : 'Has errors.'}
        {report.trim_size ? ` Checked against ${report.trim_size}.` : ''}
      </p>
      <ul style={{ margin: 0 }}>
        {report.checks.map((c) => (
          <li key={c.check} data-status={c.status}>
            <StatusBadge tone={BADGE[c.status].tone}>{BADGE[c.status].text}</StatusBadge>{' '}
            <strong>{PREFLIGHT_CHECK_TITLES[c.check]}</strong>
            {c.pages.length > 0 ? <span className="b-muted"> ({formatPages(c.pages)})</span> : null}:{' '}
            {c.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
