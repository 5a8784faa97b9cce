import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminShippingRoutes, ShippingTableResponse } from '@bindery/contracts/admin/shipping';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { bodyCells } from '@bindery/ui/testing';

const table = ShippingTableResponse.parse({
  source: 'table',
  currency: 'USD',
  origin_country: 'US',
  markup_percent: 100,
  zones: [
    { id: 'domestic', label: 'United States', countries: ['US'] },
    { id: 'north_america', label: 'Canada and Mexico', countries: ['CA', 'MX'] },
    { id: 'rest_of_world', label: 'Rest of the world', countries: [] },
  ],
  unserved_countries: ['CU', 'KP'],
  parcel: { box_content_max_grams: 18000, packaging_grams_per_box: 250, weight_step_grams: 500 },
  services: [
    {
      code: 'FEDEX_GROUND',
      name: 'FedEx Ground',
      courier: 'FedEx',
      rates: [
        { zone: 'domestic', delivery_time: '3-5 days', carrier_base: '7.50', carrier_per_half_kg: '0.85' },
      ],
    },
    {
      code: 'DHL_EXPRESS_WORLDWIDE',
      name: 'DHL Express Worldwide',
      courier: 'DHL',
      rates: [
        {
          zone: 'north_america',
          delivery_time: '2-4 days',
          carrier_base: '34.00',
          carrier_per_half_kg: '3.30',
        },
        {
          zone: 'rest_of_world',
          delivery_time: '2-5 days',
          carrier_base: '45.00',
          carrier_per_half_kg: '5.60',
        },
      ],
    },
  ],
  examples: [
    {
      weight_grams: 1000,
      charges: [
        { service_code: 'FEDEX_GROUND', zone: 'domestic', carrier_charge: '9.20', customer_charge: '18.40' },
        {
          service_code: 'DHL_EXPRESS_WORLDWIDE',
          zone: 'north_america',
          carrier_charge: '40.60',
          customer_charge: '81.20',
        },
        {
          service_code: 'DHL_EXPRESS_WORLDWIDE',
          zone: 'rest_of_world',
          carrier_charge: '56.20',
          customer_charge: '112.40',
        },
      ],
    },
  ],
});

const cells = (name: string) => bodyCells(screen.getByRole('table', { name }));

describe('Shipping', () => {
  beforeEach(() => void signInForTest());

  it("shows the services, each carrier's rates per zone, the rules and what parcels cost, with the admin's token", async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get(urlOf(adminShippingRoutes.table), ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json(table);
      }),
    );
    renderAdminRoute('/admin/shipping');
    expect(await screen.findByRole('heading', { name: 'Services and carrier rates' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: messages.orderScreens.shippingTitle, level: 1 }),
    ).toBeInTheDocument();
    expect(auth).toEqual(['Bearer admin-access']);
    expect(cells('Services and carrier rates')).toEqual([
      ['FedEx Ground', 'FedEx', 'United States', '3-5 days', '$7.50', '$0.85'],
      ['DHL Express Worldwide', 'DHL', 'Canada and Mexico', '2-4 days', '$34.00', '$3.30'],
      ['DHL Express Worldwide', 'DHL', 'Rest of the world', '2-5 days', '$45.00', '$5.60'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Services and carrier rates' }))
        .getAllByRole('columnheader')
        .at(-1),
    ).toHaveTextContent('Per 0.5 kg');
    expect(cells('What a parcel costs the customer')).toEqual([
      ['FedEx Ground', 'United States', '$18.40 ($9.20)'],
      ['DHL Express Worldwide', 'Canada and Mexico', '$81.20 ($40.60)'],
      ['DHL Express Worldwide', 'Rest of the world', '$112.40 ($56.20)'],
    ]);
    const rules = screen.getByRole('region', { name: 'How shipping is charged' });
    expect(rules).toHaveTextContent('plus a 100% markup');
    expect(rules).toHaveTextContent('cartons of at most 18 kg of books; each carton adds 250 g');
    expect(rules).toHaveTextContent('Canada and Mexico (CA, MX)');
    expect(rules).toHaveTextContent('No service goes to CU, KP.');
    expect(screen.getByRole('link', { name: 'Shipping' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when the rates cannot be loaded, and when a live carrier service prices shipments', async () => {
    server.use(
      http.get(urlOf(adminShippingRoutes.table), () =>
        HttpResponse.json({ error: 'boom', code: 'X', statusCode: 500 }, { status: 500 }),
      ),
    );
    const failed = renderAdminRoute('/admin/shipping');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.orderScreens.loadShippingFailed);
    failed.unmount();
    server.use(
      http.get(urlOf(adminShippingRoutes.table), () =>
        HttpResponse.json({ ...table, source: 'live', services: [], examples: [] }),
      ),
    );
    renderAdminRoute('/admin/shipping');
    expect(await screen.findByText(/A live carrier service prices every shipment/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
