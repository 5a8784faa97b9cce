/**
 * The print check's findings link to the preview (docs/decisions/0073): each run of a finding's pages is a button
 * that asks for its first page; a passed check links nowhere; the admin's read-only report has no links. The
 * preview itself lists the pages with findings and names a file it cannot show (PDF.js draws only in a browser:
 * apps/e2e/tests/preflight.spec.ts).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PreflightReport } from '@bindery/contracts/store/preflight';
import { InteriorPreview } from '../interior-preview';
import { PreflightReportView } from '../preflight-report';

const report: PreflightReport = {
  status: 'error',
  trim_size: 'US Trade',
  warnings_key: null,
  checks: [
    { check: 'page_size', status: 'error', message: 'Pages 3–5 are A4.', pages: [[3, 5]] },
    { check: 'images', status: 'warning', message: 'Low resolution.', pages: [[9, 9]] },
    { check: 'fonts', status: 'ok', message: 'All fonts are embedded.', pages: [] },
  ],
};

describe('finding links', () => {
  it("shows a finding's first page in the preview, and only for findings", async () => {
    const onShowPage = vi.fn();
    render(<PreflightReportView report={report} trimChosen onShowPage={onShowPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show page 3 in the preview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show page 9 in the preview' }));
    expect(onShowPage.mock.calls).toEqual([[3], [9]]);
    expect(screen.getAllByRole('button', { name: /in the preview/ })).toHaveLength(2);
  });

  it('has no links where the report is read-only', () => {
    render(<PreflightReportView report={report} trimChosen />);
    expect(screen.queryByRole('button', { name: /in the preview/ })).toBeNull();
  });

  it('lists the pages with findings and goes to one; a file it cannot show is said so', async () => {
    const onPage = vi.fn();
    render(
      <InteriorPreview
        file={{ status: 'error', message: 'The preview could not be shown.' }}
        pageCount={40}
        report={report}
        facts={null}
        trim={null}
        page={1}
        onPage={onPage}
      />,
    );
    const marked = screen.getByText(/Pages with findings/);
    await userEvent.click(within(marked).getByRole('button', { name: '3–5' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    expect(screen.getByText('The preview could not be shown.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onPage).toHaveBeenLastCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    expect(screen.getByText('Choose a trim size to see its lines.')).toBeInTheDocument();
  });
});
