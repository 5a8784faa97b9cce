/**
 * The account page's "Resale certificate" section against msw (docs/decisions/0032): the customer's certificates
 * with status and reason, an upload sent as multipart {state, file} that refreshes the list, and the server's
 * refusal shown at the field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { certificateRoutes, type ResaleCertificate } from '@bindery/contracts/store/resale-certificates';
import { certificate } from '#testing/certificate-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const m = messages.certificates;

/** GET and POST api/resale-certificates/ over one list the uploads add to; records what each upload sent. */
function certificatesApi(initial: ResaleCertificate[], answer?: () => Response) {
  const list = [...initial];
  const sent: { state: FormDataEntryValue | null; file: File | null }[] = [];
  server.use(
    http.get(urlOf(certificateRoutes.list), () =>
      HttpResponse.json({ data: [...list].reverse(), next_cursor: null }),
    ),
    http.post(urlOf(certificateRoutes.upload), async ({ request }) => {
      const form = await request.formData();
      sent.push({ state: form.get('state'), file: form.get('file') as File | null });
      if (answer) return answer();
      const made = certificate({
        id: list.length + 100,
        state: form.get('state') as string,
        file_name: (form.get('file') as File).name,
      });
      list.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
  );
  return sent;
}

const section = async () => screen.findByRole('region', { name: m.heading });

describe('the account page: resale certificate', () => {
  it('lists the certificates with their review status and the rejection reason', async () => {
    certificatesApi([
      certificate({
        id: 1,
        state: 'NY',
        status: 'rejected',
        reason: 'The permit number is unreadable',
        reviewed_at: '2026-11-21T10:00:00.000Z',
      }),
      certificate({ id: 2, state: 'TX', status: 'approved', reviewed_at: '2026-11-22T10:00:00.000Z' }),
    ]);
    signInForTest();
    renderRoute('/account-settings');
    const region = await section();
    const texas = await within(region).findByRole('row', { name: /Texas \(TX\)/ });
    expect(texas).toHaveTextContent(m.statusLabels.approved);
    const newYork = within(region).getByRole('row', { name: /New York \(NY\)/ });
    expect(newYork).toHaveTextContent(m.statusLabels.rejected);
    expect(newYork).toHaveTextContent('The permit number is unreadable');
  });

  it('uploads a file for the chosen state and shows it as awaiting review', async () => {
    const user = userEvent.setup();
    const sent = certificatesApi([]);
    signInForTest();
    renderRoute('/account-settings');
    const region = await section();
    expect(await within(region).findByText(m.none)).toBeInTheDocument();

    // Nothing chosen: said at the field, nothing sent.
    await user.click(within(region).getByRole('button', { name: m.upload }));
    expect(await within(region).findByText(m.chooseFile)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.selectOptions(within(region).getByLabelText(m.stateLabel), 'FL');
    const file = new File(['%PDF-1.7 certificate'], 'florida-dr-13.pdf', { type: 'application/pdf' });
    await user.upload(within(region).getByLabelText(m.fileLabel), file);
    await user.click(within(region).getByRole('button', { name: m.upload }));
    expect(await within(region).findByText(m.uploaded)).toBeInTheDocument();
    // jsdom's FormData keeps the bytes, not the file name, on its way to msw.
    expect(sent.map((s) => [s.state, s.file?.size])).toEqual([['FL', file.size]]);
    const row = await within(region).findByRole('row', { name: /Florida \(FL\)/ });
    expect(row).toHaveTextContent(m.statusLabels.pending);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    certificatesApi([], () =>
      HttpResponse.json(
        {
          error: m.fileType,
          code: 'BAD_REQUEST',
          statusCode: 400,
          fields: [{ path: 'body.file', message: m.fileType }],
        },
        { status: 400 },
      ),
    );
    signInForTest();
    renderRoute('/account-settings');
    const region = await section();
    await user.upload(
      within(region).getByLabelText(m.fileLabel),
      new File(['GIF89a'], 'permit.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(region).getByRole('button', { name: m.upload }));
    await waitFor(() => expect(within(region).getAllByText(m.fileType).length).toBeGreaterThanOrEqual(1));
    expect(within(region).getByLabelText(m.fileLabel)).toHaveAttribute('aria-invalid', 'true');
  });
});
