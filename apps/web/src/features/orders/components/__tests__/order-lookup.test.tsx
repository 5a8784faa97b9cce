import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const s = messages.orderScreens;

const shipped = order({
  id: 42,
  status: 'shipped',
  paid_at: '2026-11-22T10:05:00.000Z',
  carrier: 'DHL',
  tracking_number: 'JD01',
  tracking_url: 'https://www.dhl.com/track?id=JD01',
});

/** GET api/orders/lookup/: finds BND-000042 however it is typed (the server normalises), 404 otherwise. */
function lookupApi() {
  const asked: { number: string | null; auth: string | null }[] = [];
  server.use(
    http.get(urlOf(orderRoutes.lookup), ({ request }) => {
      const number = new URL(request.url).searchParams.get('number');
      asked.push({ number, auth: request.headers.get('authorization') });
      return /^(BND-?)?0*42$/i.test(number ?? '')
        ? HttpResponse.json(OrderResponse.parse({ order: shipped }))
        : HttpResponse.json(
            { error: messages.orders.lookupNotFound, code: 'NOT_FOUND', statusCode: 404 },
            { status: 404 },
          );
    }),
  );
  return asked;
}

describe('/resources/order-lookup', () => {
  it('asks guests to log in (orders are private), with the way back', async () => {
    const asked = lookupApi();
    renderRoute('/resources/orderlookup');
    expect(await screen.findByRole('heading', { name: s.lookupTitle, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(s.lookupLogin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(s.lookupLabel)).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("finds one of the customer's orders by its number, with status, total, tracking and a link to its page", async () => {
    signInForTest();
    const asked = lookupApi();
    renderRoute('/resources/order-lookup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(s.lookupLabel), ' bnd42 ');
    await user.click(screen.getByRole('button', { name: s.lookupButton }));
    const result = await screen.findByRole('region', { name: 'Order BND-000042' });
    expect(asked).toEqual([{ number: 'bnd42', auth: 'Bearer access-token' }]);
    expect(within(result).getByText('Shipped')).toBeInTheDocument();
    expect(result).toHaveTextContent('$162.16');
    expect(result).toHaveTextContent('My Novel × 10, Family Album × 2');
    expect(within(result).getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
      'href',
      'https://www.dhl.com/track?id=JD01',
    );
    expect(within(result).getByRole('link', { name: 'See order BND-000042' })).toHaveAttribute(
      'href',
      '/orders/42',
    );
  });

  it("says the server's 'not found' for a number that is not one of the customer's, and checks the number's form first", async () => {
    signInForTest();
    const asked = lookupApi();
    renderRoute('/resources/order-lookup');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(s.lookupLabel);
    await user.type(field, 'order 7');
    await user.click(screen.getByRole('button', { name: s.lookupButton }));
    expect(field).toHaveAccessibleDescription(messages.orders.lookupNumberInvalid);
    expect(asked).toEqual([]);
    await user.clear(field);
    await user.type(field, 'BND-000099');
    await user.click(screen.getByRole('button', { name: s.lookupButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.orders.lookupNotFound);
    expect(screen.queryByRole('region', { name: /Order BND/ })).not.toBeInTheDocument();
    // Asking again for the same number asks the server again (the order may have just been placed).
    await user.click(screen.getByRole('button', { name: s.lookupButton }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked.map((a) => a.number)).toEqual(['BND-000099', 'BND-000099']);
  });
});
