import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import {
  checkoutRoutes,
  type SaveShippingBody,
  type ShippingRateBody,
} from '@bindery/contracts/store/checkout';
import { userRoutes } from '@bindery/contracts/store/users';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import {
  address,
  errorBody,
  orderResponse,
  paymentPageHandlers,
  putInCart,
  rateResponse,
  recordPosts,
} from '#testing/checkout-fixtures.ts';
import { defined } from '@bindery/ui/testing';

const m = messages.checkout;
type User = ReturnType<typeof userEvent.setup>;

/** POST api/shipping-rate/ answering `answer` (default: the two-service rate); records bodies and bearer tokens. */
const rateApi = (answer: (body: ShippingRateBody) => Response = () => HttpResponse.json(rateResponse())) =>
  recordPosts<ShippingRateBody>(checkoutRoutes.shippingRate, answer);

function openShop(path = '/shop') {
  signInForTest();
  putInCart(testCustomer.id);
  return renderRoute(path);
}

// Each field is pasted, one input event a field, not typed key by key: the shop re-renders (and saves its draft) on
// every change, and 52 keystrokes a test made this file the suite's slowest, timing out under load.
// The tests that are about typing into a field still type.
async function fillAddress(user: User) {
  const fill = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await fill(await screen.findByLabelText('First name'), 'Ann');
  await fill(screen.getByLabelText('Last name'), 'Reader');
  await fill(screen.getByLabelText('Address'), '100 Congress Ave');
  await fill(screen.getByLabelText('City'), 'Austin');
  await fill(screen.getByLabelText('Postal code'), '78701');
  await fill(screen.getByLabelText('Phone number'), '+1 512 555 0100');
}

const calculate = (user: User) => user.click(screen.getByRole('button', { name: 'Calculate Shipping Rate' }));
const saveButton = () => screen.getByRole('button', { name: 'Check Delivery Method' });
const summary = (what: 'subtotal' | 'shipping' | 'tax' | 'total') => screen.getByTestId(`summary-${what}`);
const serviceRadios = () => screen.queryAllByRole('radio', { name: /Ground|Express/ });

async function calculated(user: User) {
  await fillAddress(user);
  await calculate(user);
  return screen.findByRole('radio', { name: /FedEx Ground/ });
}

describe('/shop', () => {
  it('sends a guest to /login', async () => {
    const { router } = renderRoute('/shop');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says so when the cart is empty, with a way back to the projects', async () => {
    signInForTest();
    renderRoute('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByText(m.emptyCart)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
      'href',
      '/userdashboard',
    );
  });

  it('answers /Shop too (redirected to the canonical /shop), with labelled address fields, US/TX defaults and a back link', async () => {
    const { router } = openShop('/Shop');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping and delivery' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
    for (const label of [
      'First name',
      'Last name',
      'Company (optional)',
      'Address',
      'Apartment, suite or floor (optional)',
      'City',
      'Postal code',
      'Phone number',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('State')).toHaveValue('TX');
    expect(screen.getByRole('radio', { name: 'Individual' })).toBeChecked();
    expect(screen.getByRole('link', { name: /Back to cart/ })).toHaveAttribute('href', '/orders');
    const cart = screen.getByRole('list', { name: 'Projects in your cart' });
    expect(
      within(cart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['My Novel (Print Book)', 'Family Album (Photo Book)']);
    expect(summary('total')).toHaveTextContent('—');
  });

  it("calculates for the cart's projects, picks the cheapest service and shows the server's numbers", async () => {
    const user = userEvent.setup();
    const seen = rateApi();
    openShop();
    await fillAddress(user);
    await user.type(screen.getByLabelText('City'), '  ');
    await calculate(user);
    expect(await screen.findByRole('radio', { name: /FedEx Ground · 3-5 days \$25\.00/ })).toBeChecked();
    expect(
      screen.getByRole('radio', { name: /DHL Express Worldwide · 1-2 days \$90\.00/ }),
    ).not.toBeChecked();
    expect(seen.bodies).toEqual([
      {
        country: 'US',
        state: 'TX',
        city: 'Austin',
        postal_code: '78701',
        account_type: 'individual',
        project_ids: [11, 12],
      },
    ]);
    expect(seen.auth).toEqual(['Bearer access-token']);
    expect(summary('subtotal')).toHaveTextContent('$124.80');
    expect(summary('shipping')).toHaveTextContent('$25.00');
    expect(summary('tax')).toHaveTextContent('$12.36');
    expect(summary('total')).toHaveTextContent('$162.16');
    expect(screen.getByText('Taxes (8.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('selected-service')).toHaveTextContent('FedEx Ground, delivered in 3-5 days.');
  });

  it('shows the first-print discount the server gives as its own line, and none when it gives none (docs/decisions/0033)', async () => {
    const user = userEvent.setup();
    // 124.80 − 12.48 + 25.00 = 137.32, taxed 8.25 % = 11.33: the server's figures, shown as they come.
    const discounted = { ...defined(rateResponse().available_services[1]), tax: '11.33', total: '148.65' };
    rateApi(() =>
      HttpResponse.json(
        rateResponse({
          discount: '12.48',
          discount_label: 'First-print discount (10%)',
          available_services: [discounted],
          tax: '11.33',
          total: '148.65',
        }),
      ),
    );
    openShop();
    await calculated(user);
    expect(screen.getByText('First-print discount (10%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$12.48');
    expect(summary('subtotal')).toHaveTextContent('$124.80');
    expect(summary('total')).toHaveTextContent('$148.65');
  });

  it('shows no discount line when the server gives "0.00"', async () => {
    const user = userEvent.setup();
    rateApi(() => HttpResponse.json(rateResponse({ discount: '0.00' })));
    openShop();
    await calculated(user);
    expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(screen.queryByText(/First-print discount/)).not.toBeInTheDocument();
  });

  it("switching service shows that service's own tax and total from the server, not a scaled one", async () => {
    const user = userEvent.setup();
    rateApi();
    openShop();
    await calculated(user);
    await user.click(screen.getByRole('radio', { name: /DHL Express Worldwide/ }));
    expect(screen.getByRole('radio', { name: /DHL Express Worldwide/ })).toBeChecked();
    expect(summary('shipping')).toHaveTextContent('$90.00');
    // Scaling Ground's tax by the charges would give $44.50; the server says $17.72.
    expect(summary('tax')).toHaveTextContent('$17.72');
    expect(summary('total')).toHaveTextContent('$232.52');
    expect(summary('subtotal')).toHaveTextContent('$124.80');
    expect(screen.getByTestId('selected-service')).toHaveTextContent(
      'DHL Express Worldwide, delivered in 1-2 days.',
    );
  });

  it('clears the rate when the destination or account type changes, not when the name does', async () => {
    const user = userEvent.setup();
    const seen = rateApi((body) =>
      HttpResponse.json(rateResponse({ account_type: body.account_type ?? 'individual' })),
    );
    openShop();
    await calculated(user);
    await user.type(screen.getByLabelText('First name'), 'e');
    expect(serviceRadios()).toHaveLength(2);

    await user.type(screen.getByLabelText('Postal code'), '-1234');
    expect(serviceRadios()).toHaveLength(0);
    expect(screen.queryByTestId('selected-service')).not.toBeInTheDocument();
    expect(summary('total')).toHaveTextContent('—');

    await calculate(user);
    await screen.findByRole('radio', { name: /FedEx Ground/ });
    await user.click(screen.getByRole('radio', { name: 'Enterprise/Business' }));
    expect(serviceRadios()).toHaveLength(0);
    await calculate(user);
    await screen.findByRole('radio', { name: /FedEx Ground/ });
    // The browser claims nothing about a resale certificate: the server reads its own records (ADR 0032).
    expect(seen.bodies.map((b) => [b.postal_code, b.account_type, 'has_resale_cert' in b])).toEqual([
      ['78701', 'individual', false],
      ['78701-1234', 'individual', false],
      ['78701-1234', 'enterprise', false],
    ]);

    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    expect(serviceRadios()).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    expect(screen.getByLabelText('State, province or region')).toHaveValue('');
  });

  it('drops an answer for an address that changed while it was on its way', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    recordPosts<ShippingRateBody>(checkoutRoutes.shippingRate, async () => {
      await answered;
      return HttpResponse.json(rateResponse());
    });
    openShop();
    await fillAddress(user);
    await calculate(user);
    await user.type(screen.getByLabelText('City'), 's');
    answer();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Calculate Shipping Rate' })).toBeEnabled(),
    );
    expect(serviceRadios()).toHaveLength(0);
    expect(summary('total')).toHaveTextContent('—');
  });

  it.each([
    { zip: 'ABCDE', text: m.usZipFormat },
    { zip: '7870', text: m.usZipFormat },
    { zip: '10001', text: m.usZipNotInState('10001', 'TX') },
  ])(
    'refuses the US ZIP $zip at the postal code field, as the server would, and sends nothing',
    async ({ zip, text }) => {
      const user = userEvent.setup();
      const seen = rateApi();
      openShop();
      await user.type(await screen.findByLabelText('City'), 'Austin');
      await user.type(screen.getByLabelText('Postal code'), zip);
      await calculate(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription(expect.stringContaining(text));
      expect(seen.bodies).toHaveLength(0);
      // A ZIP+4 of Texas is fine.
      await user.clear(screen.getByLabelText('Postal code'));
      await user.type(screen.getByLabelText('Postal code'), '78701-1234');
      await calculate(user);
      await screen.findByRole('radio', { name: /FedEx Ground/ });
      expect(seen.bodies.map((b) => b.postal_code)).toEqual(['78701-1234']);
    },
  );

  it('asks for country, state, city and postal code before calculating, and sends nothing', async () => {
    const user = userEvent.setup();
    const seen = rateApi();
    openShop();
    await user.type(await screen.findByLabelText('City'), '   ');
    await user.type(screen.getByLabelText('Postal code'), '78701');
    await calculate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.fillAddressForRate);
    expect(seen.bodies).toHaveLength(0);
  });

  it.each([
    { name: 'the couriers that would ship', couriers: ['UPS', 'USPS'], text: m.noDhlOrFedex('UPS, USPS') },
    { name: 'None without any', couriers: [], text: m.noDhlOrFedex('None') },
  ])('a 404 with available couriers names $name', async ({ couriers, text }) => {
    const user = userEvent.setup();
    const body: ErrorBody = {
      ...errorBody(404, m.noDhlOrFedexRates, 'NOT_FOUND'),
      available_couriers: couriers,
    };
    rateApi(() => HttpResponse.json(body, { status: 404 }));
    openShop();
    await fillAddress(user);
    await calculate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("clears the rate on a failure: 'Failed to fetch shipping rate…', or the server's reason for a refusal", async () => {
    const user = userEvent.setup();
    rateApi();
    openShop();
    await calculated(user);
    rateApi(() => HttpResponse.json(errorBody(500, 'boom'), { status: 500 }));
    await calculate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.fetchRateFailed);
    expect(serviceRadios()).toHaveLength(0);
    expect(summary('total')).toHaveTextContent('—');

    rateApi(() => HttpResponse.json(errorBody(404, 'Project not found.', 'NOT_FOUND'), { status: 404 }));
    await calculate(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Project not found.'));
  });

  it('checks the required fields, then the rate, then the phone, before saving', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    server.use(http.post(urlOf(checkoutRoutes.saveShipping), () => void saved()));
    rateApi();
    openShop();
    await user.click(await screen.findByRole('button', { name: 'Check Delivery Method' }));
    // Every missing field is named by its label.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill all required fields: First name, Last name, Address, City, Phone number.',
    );

    await fillAddress(user);
    await user.click(saveButton());
    expect(screen.getByRole('alert')).toHaveTextContent(m.calculateRateFirst);

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), 'call me');
    await calculate(user);
    await screen.findByRole('radio', { name: /FedEx Ground/ });
    await user.click(saveButton());
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Enter a phone number of 8 to 20 digits.',
    );
    expect(saved).not.toHaveBeenCalled();
  });

  it("saves the address, the cart's projects and the chosen service, then opens the order's payment page", async () => {
    const user = userEvent.setup();
    rateApi();
    const saved = recordPosts<SaveShippingBody>(checkoutRoutes.saveShipping, () =>
      HttpResponse.json(orderResponse()),
    );
    server.use(...paymentPageHandlers());
    const { router } = openShop();
    await calculated(user);
    await user.click(screen.getByRole('radio', { name: /DHL Express/ }));
    await user.click(saveButton());
    expect(await screen.findByText(m.shippingSaved)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/payment?order=42');
    // Everything of the address but has_resale_cert: the browser claims no exemption (ADR 0032).
    const { has_resale_cert: _notSent, ...sentAddress } = address;
    expect(saved.bodies).toEqual([
      { user_address: sentAddress, project_ids: [11, 12], selected_service: 'dhl_express' },
    ]);
  });

  it("a 401 the refresh cannot cure says 'Session expired. Please log in again.' and goes to /login", async () => {
    const user = userEvent.setup();
    rateApi();
    server.use(
      http.post<never, SaveShippingBody, ErrorBody>(urlOf(checkoutRoutes.saveShipping), () =>
        HttpResponse.json(errorBody(401, messages.generic.unauthorized, 'UNAUTHORIZED'), { status: 401 }),
      ),
      http.post(urlOf(userRoutes.refresh), () =>
        HttpResponse.json(errorBody(401, 'Refresh token refused', 'UNAUTHORIZED'), { status: 401 }),
      ),
    );
    const { router } = openShop();
    await calculated(user);
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The page is gone; the toast tells why.
    expect(screen.getByText(messages.generic.sessionExpired)).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();

    // Logging in again brings the customer back to the shop, not to account settings.
    server.use(
      http.post(urlOf(userRoutes.login), () =>
        HttpResponse.json({ access: 'acc-2', access_expires_in: 3600, user: testCustomer }),
      ),
    );
    await user.type(await screen.findByLabelText('Email'), testCustomer.email);
    await user.type(screen.getByLabelText('Password'), 'Corr3ct-horse!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping and delivery' }),
    ).toBeInTheDocument();
  });

  it("other failures say 'Failed to save shipping info…'; a refusal the server explains shows its reason", async () => {
    const user = userEvent.setup();
    rateApi();
    server.use(
      http.post(urlOf(checkoutRoutes.saveShipping), () => new HttpResponse('Bad gateway', { status: 502 })),
    );
    openShop();
    await calculated(user);
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(m.saveShippingFailed);

    server.use(
      http.post<never, SaveShippingBody, ErrorBody>(urlOf(checkoutRoutes.saveShipping), () =>
        HttpResponse.json(errorBody(409, m.unknownService, 'CONFLICT'), { status: 409 }),
      ),
    );
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.unknownService));
  });
});

describe('/shop for e-books alone (ADR 0059)', () => {
  it('asks no phone number and sends none: the billing name and address suffice', async () => {
    const user = userEvent.setup();
    const digital = {
      service_code: m.digitalDelivery.code,
      service_name: m.digitalDelivery.name,
      courier_name: m.digitalDelivery.courier,
      total_charge: '0.00',
      delivery_time: m.digitalDelivery.deliveryTime,
      tax: '0.82',
      total: '10.81',
    };
    rateApi(() =>
      HttpResponse.json(
        rateResponse({
          shipping_rate: '0.00',
          tax: '0.82',
          courier_name: digital.courier_name,
          service_code: digital.service_code,
          estimated_delivery: digital.delivery_time,
          available_services: [digital],
          subtotal: '9.99',
          total: '10.81',
          weight_grams: 0,
        }),
      ),
    );
    const saved = recordPosts<SaveShippingBody>(checkoutRoutes.saveShipping, () =>
      HttpResponse.json(orderResponse()),
    );
    server.use(...paymentPageHandlers());
    signInForTest();
    putInCart(testCustomer.id, [{ id: 21, title: 'My E-book', category: 'e Book' }]);
    renderRoute('/shop');
    await user.type(await screen.findByLabelText('First name'), 'Ann');
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Last name'), 'Reader');
    await user.type(screen.getByLabelText('Address'), '100 Congress Ave');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('Postal code'), '78701');
    await user.click(screen.getByRole('button', { name: 'Calculate Total' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(m.shippingSaved)).toBeInTheDocument();
    const { has_resale_cert: _notSent, phone_number: _noPhone, ...billing } = address;
    expect(saved.bodies).toEqual([{ user_address: billing, project_ids: [21], selected_service: 'digital' }]);
  });
});

describe('the shop: resale certificates (ADR 0032)', () => {
  it("offers no self-declared checkbox: an enterprise gets a link to its certificates and the server's word on them", async () => {
    const user = userEvent.setup();
    const c = messages.certificates;
    rateApi(() =>
      HttpResponse.json(
        rateResponse({
          account_type: 'enterprise',
          tax_reason: 'Texas enterprise without resale certificate',
          resale_certificate: { state: 'TX', status: 'pending', message: c.shopPending('TX') },
        }),
      ),
    );
    openShop();
    await user.click(await screen.findByRole('radio', { name: 'Enterprise/Business' }));
    // The one checkbox is the address book's (docs/decisions/0074): none claims an exemption.
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('name'))).toEqual(['save_address']);
    const status = screen.getByTestId('resale-certificate-status');
    expect(status).toHaveTextContent(c.shopHint);
    expect(within(status).getByRole('link', { name: c.shopManage })).toHaveAttribute(
      'href',
      '/account-settings#resale-certificate',
    );

    await fillAddress(user);
    await calculate(user);
    expect(
      await within(status).findByText(
        'Your resale certificate for TX is awaiting review; tax is charged until it is approved.',
      ),
    ).toBeInTheDocument();
    // An individual is not asked about certificates at all.
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    expect(screen.queryByTestId('resale-certificate-status')).not.toBeInTheDocument();
  });
});

describe('/shop keeps its form (docs/decisions/0038)', () => {
  function expectAddressFilled() {
    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Last name')).toHaveValue('Reader');
    expect(screen.getByLabelText('Address')).toHaveValue('100 Congress Ave');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(screen.getByLabelText('Postal code')).toHaveValue('78701');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 512 555 0100');
  }

  it('a reload keeps the address, the account type and the chosen service; the rate is asked of the server again', async () => {
    const user = userEvent.setup();
    const seen = rateApi((body) =>
      HttpResponse.json(rateResponse({ account_type: body.account_type ?? 'individual' })),
    );
    const first = openShop();
    await user.click(await screen.findByRole('radio', { name: 'Enterprise/Business' }));
    await calculated(user);
    await user.click(screen.getByRole('radio', { name: /DHL Express Worldwide/ }));
    first.unmount();

    renderRoute('/shop');
    expect(await screen.findByRole('radio', { name: /DHL Express Worldwide/ })).toBeChecked();
    expectAddressFilled();
    expect(screen.getByRole('radio', { name: 'Enterprise/Business' })).toBeChecked();
    expect(summary('shipping')).toHaveTextContent('$90.00');
    expect(seen.bodies).toHaveLength(2);
    expect(seen.bodies[1]).toEqual(seen.bodies[0]);
  });

  it('Back from the payment page finds the shop as it was left', async () => {
    const user = userEvent.setup();
    rateApi();
    recordPosts<SaveShippingBody>(checkoutRoutes.saveShipping, () => HttpResponse.json(orderResponse()));
    server.use(...paymentPageHandlers());
    const { router } = openShop();
    await calculated(user);
    await user.click(screen.getByRole('radio', { name: /DHL Express/ }));
    await user.click(saveButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('radio', { name: /DHL Express/ })).toBeChecked();
    expectAddressFilled();
  });

  it("keeps one customer's address from another signing in on the same tab", async () => {
    const user = userEvent.setup();
    rateApi();
    const first = openShop();
    await fillAddress(user);
    first.unmount();
    signInForTest({ id: 8, name: 'Bo', email: 'bo@example.test' });
    putInCart(8);
    renderRoute('/shop');
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('');
  });
});
