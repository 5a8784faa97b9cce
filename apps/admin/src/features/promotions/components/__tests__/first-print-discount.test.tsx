import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminPromotionRoutes, type FirstPrintDiscountBody } from '@bindery/contracts/admin/promotions';
import { urlOf } from '@bindery/contracts/route';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { firstPrintSetting, server } from '#testing/msw-server.ts';

/** PUT api/admin/first-print-discount/ answering as the server would; records the bodies. */
function saveApi(answer?: (body: FirstPrintDiscountBody) => Response) {
  const bodies: FirstPrintDiscountBody[] = [];
  server.use(
    http.put(urlOf(adminPromotionRoutes.setFirstPrintDiscount), async ({ request }) => {
      const body = (await request.json()) as FirstPrintDiscountBody;
      bodies.push(body);
      return (
        answer?.(body) ??
        HttpResponse.json(
          firstPrintSetting({
            enabled: body.enabled,
            percent: body.percent,
            rate_basis_points: body.percent * 100,
            text: `${body.percent}% off first print`,
          }),
        )
      );
    }),
  );
  return bodies;
}

const section = () => screen.findByRole('region', { name: 'First-print discount' });

describe('First-print discount (Manage Books)', () => {
  beforeEach(() => void signInForTest());

  it("shows the server's setting and saves a new rate, switched off, for new orders", async () => {
    const bodies = saveApi();
    const user = userEvent.setup();
    renderAdminRoute('/manage-books');
    const box = await section();
    const percent = await within(box).findByLabelText('Percent off');
    expect(percent).toHaveValue(10);
    const on = within(box).getByRole('checkbox', { name: /^On/ });
    expect(on).toBeChecked();
    expect(box).toHaveTextContent('"10% off first print" now');
    expect(box).toHaveTextContent('orders already placed keep their amounts');

    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(on);
    await user.click(within(box).getByRole('button', { name: 'Save discount' }));
    expect(await within(box).findByRole('status')).toHaveTextContent('Saved: off. New orders use it.');
    expect(bodies).toEqual([{ enabled: false, percent: 15 }]);
    expect(percent).toHaveValue(15);
    expect(on).not.toBeChecked();
  });

  it('refuses a percent outside 1–50 before sending, and shows the server’s refusal', async () => {
    const bodies = saveApi(() =>
      HttpResponse.json(
        {
          error: 'The first-print discount must be a whole percent from 1 to 50.',
          code: 'VALIDATION_ERROR',
          statusCode: 400,
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderAdminRoute('/manage-books');
    const box = await section();
    const percent = await within(box).findByLabelText('Percent off');
    for (const bad of ['0', '51', '12.5']) {
      await user.clear(percent);
      await user.type(percent, bad);
      await user.click(within(box).getByRole('button', { name: 'Save discount' }));
      expect(within(box).getByRole('alert')).toHaveTextContent('Enter a whole percent from 1 to 50.');
      expect(percent).toHaveAttribute('aria-invalid', 'true');
    }
    expect(bodies).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '20');
    await user.click(within(box).getByRole('button', { name: 'Save discount' }));
    await waitFor(() =>
      expect(within(box).getByRole('alert')).toHaveTextContent(
        'The first-print discount must be a whole percent from 1 to 50.',
      ),
    );
    expect(bodies).toEqual([{ enabled: true, percent: 20 }]);
  });
});
