/**
 * The admin's Resale certificates screen against msw (docs/decisions/0032): the pending queue with customer, state
 * and file, Approve behind a confirmation, Reject with a required reason, the other statuses, and a review someone
 * else made first (409).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminCertificateRoutes, type AdminCertificate } from '@bindery/contracts/admin/resale-certificates';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import type { CertificateStatus } from '@bindery/contracts/store/resale-certificates';
import { adminCertificateFixture } from '@bindery/contracts/testing/resale-certificates';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

const m = messages.certificates;

const certificate = (overrides: Partial<AdminCertificate> = {}) =>
  adminCertificateFixture({ id: 5, ...overrides });

/** The API over a list of certificates: GET by status, approve and reject (409 unless pending). */
function certificatesApi(list: AdminCertificate[]) {
  const reviews: { id: number; decision: string; body: unknown }[] = [];
  // Approve and reject answer alike: each is its own route (a pending certificate moves, any other is a 409).
  const review = (decision: 'approve' | 'reject') =>
    http.post(urlOf(adminCertificateRoutes[decision]), async ({ params, request }) => {
      const id = Number(params['id']);
      // Approving sends no body (the route takes none); rejecting sends the reason.
      const text = await request.text();
      const body = (text ? JSON.parse(text) : undefined) as { reason?: string } | undefined;
      reviews.push({ id, decision, body });
      const found = list.find((c) => c.id === id);
      if (!found)
        return HttpResponse.json({ error: m.notFound, code: 'NOT_FOUND', statusCode: 404 }, { status: 404 });
      if (found.status !== 'pending') {
        const error = m.notPending(found.status);
        return HttpResponse.json({ error, code: 'NOT_PENDING', statusCode: 409 }, { status: 409 });
      }
      found.status = decision === 'approve' ? 'approved' : 'rejected';
      found.reason = body?.reason ?? null;
      found.reviewed_at = '2026-11-25T12:00:00.000Z';
      found.reviewed_by = { id: 1, name: 'Administrator', email: 'admin@bindery.test' };
      return HttpResponse.json({ certificate: found });
    });
  server.use(
    http.get(urlOf(adminCertificateRoutes.list), ({ request }) => {
      const status = (new URL(request.url).searchParams.get('status') ?? 'pending') as CertificateStatus;
      const data = list.filter((c) => c.status === status);
      return HttpResponse.json({ data, next_cursor: null, total: data.length });
    }),
    review('approve'),
    review('reject'),
  );
  return reviews;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Resale certificates', () => {
  it('is in the sidebar and lists pending certificates with customer, state and file', async () => {
    certificatesApi([certificate(), certificate({ id: 6, state: 'NY', status: 'approved' })]);
    signInForTest();
    renderAdminRoute('/admin/resale-certificates');
    expect(await screen.findByRole('heading', { name: m.adminTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resale certificates' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = defined(rows()[0]);
    expect(row).toHaveTextContent('Ann Reader (ann@example.test)');
    expect(row).toHaveTextContent('TX');
    expect(row).toHaveTextContent('texas-01-339.pdf');
    expect(within(row).getByRole('button', { name: /View certificate/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Download certificate/ })).toBeInTheDocument();
  });

  it('approves after a confirmation, and the certificate moves to Approved', async () => {
    const user = userEvent.setup();
    const reviews = certificatesApi([certificate()]);
    signInForTest();
    renderAdminRoute('/admin/resale-certificates');
    await user.click(
      await screen.findByRole('button', { name: `${m.approve} TX certificate of ann@example.test` }),
    );
    const dialog = screen.getByRole('alertdialog', { name: m.approve });
    expect(dialog).toHaveTextContent(m.confirmApprove('TX', 'ann@example.test'));
    // Back: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(reviews).toEqual([]);

    await user.click(screen.getByRole('button', { name: `${m.approve} TX certificate of ann@example.test` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: m.approve }));
    expect(await screen.findByText(m.approved)).toBeInTheDocument();
    expect(reviews).toEqual([{ id: 5, decision: 'approve', body: undefined }]);
    expect(await screen.findByText(m.adminEmpty('awaiting review'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.statusLabels.approved }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('admin@bindery.test');
  });

  it('rejects only with a reason, which is sent', async () => {
    const user = userEvent.setup();
    const reviews = certificatesApi([certificate()]);
    signInForTest();
    renderAdminRoute('/admin/resale-certificates');
    await user.click(
      await screen.findByRole('button', { name: `${m.reject} TX certificate of ann@example.test` }),
    );
    const dialog = screen.getByRole('dialog', { name: m.reject });
    await user.click(within(dialog).getByRole('button', { name: m.reject }));
    expect(await within(dialog).findByText(m.reasonRequired)).toBeInTheDocument();
    expect(reviews).toEqual([]);
    await user.type(within(dialog).getByLabelText(m.rejectReasonLabel), 'The permit number is unreadable');
    await user.click(within(dialog).getByRole('button', { name: m.reject }));
    expect(await screen.findByText(m.rejected)).toBeInTheDocument();
    expect(reviews).toEqual([
      { id: 5, decision: 'reject', body: { reason: 'The permit number is unreadable' } },
    ]);
  });

  it('says so when someone else reviewed it first', async () => {
    const user = userEvent.setup();
    const stale = certificate();
    certificatesApi([stale]);
    signInForTest();
    renderAdminRoute('/admin/resale-certificates');
    const approve = await screen.findByRole('button', {
      name: `${m.approve} TX certificate of ann@example.test`,
    });
    // Another admin rejects it while this page still shows it pending.
    stale.status = 'rejected';
    await user.click(approve);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: m.approve }));
    expect(await screen.findByText(m.notPending('rejected'))).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
