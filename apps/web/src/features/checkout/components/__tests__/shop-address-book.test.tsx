/**
 * The shop and the address book (docs/decisions/0074) against msw: a saved address picked fills the form, and
 * "Save this address" keeps the address in the book once the shipping is saved; unchecked, nothing is kept.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { addressRoutes, type SaveAddressInput } from '@bindery/contracts/store/addresses';
import { checkoutRoutes, type SaveShippingBody } from '@bindery/contracts/store/checkout';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import {
  address,
  orderResponse,
  pasteAddress,
  paymentPageHandlers,
  putInCart,
  rateResponse,
  recordPosts,
} from '#testing/checkout-fixtures.ts';

const { has_resale_cert: _notSent, ...sentAddress } = address;
const work = { ...address, first_name: 'Bea', address: '500 Work St', city: 'Dallas', postal_code: '75201', phone_number: '+1 214 555 0100' };

function openShop() {
  signInForTest();
  putInCart(testCustomer.id);
  recordPosts(checkoutRoutes.shippingRate, () => HttpResponse.json(rateResponse()));
  return renderRoute('/shop');
}

describe('/shop with the address book', () => {
  it('offers the saved addresses; picking one fills the form', async () => {
    server.use(
      http.get(urlOf(addressRoutes.list), () =>
        HttpResponse.json({ addresses: [{ id: 3, is_default: true, address: work }, { id: 2, is_default: false, address }] }),
      ),
    );
    openShop();
    const picker = await screen.findByLabelText('Saved addresses');
    expect(screen.getByRole('option', { name: 'Bea Reader, 500 Work St, Dallas TX 75201 (default)' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(picker, '3');
    expect(screen.getByLabelText('First name')).toHaveValue('Bea');
    expect(screen.getByLabelText('Address')).toHaveValue('500 Work St');
    expect(screen.getByLabelText('City')).toHaveValue('Dallas');
    expect(screen.getByLabelText('Postal code')).toHaveValue('75201');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 214 555 0100');
  });

  it('shows no picker while the book is empty, and keeps the address once the shipping is saved when asked', async () => {
    const saved = recordPosts<SaveShippingBody>(checkoutRoutes.saveShipping, () => HttpResponse.json(orderResponse()));
    const kept = recordPosts<SaveAddressInput>(addressRoutes.create, (body) =>
      HttpResponse.json({ address: { id: 9, is_default: true, address: body.address } }, { status: 201 }),
    );
    server.use(...paymentPageHandlers());
    const { router } = openShop();
    const user = userEvent.setup();
    await screen.findByLabelText('First name');
    expect(screen.queryByLabelText('Saved addresses')).toBeNull();
    await pasteAddress(user, screen);
    await user.click(screen.getByRole('button', { name: 'Calculate Shipping Rate' }));
    await screen.findByRole('radio', { name: /FedEx Ground/ });
    await user.click(screen.getByLabelText('Save this address'));
    await user.click(screen.getByRole('button', { name: 'Check Delivery Method' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(saved.bodies).toHaveLength(1);
    expect(kept.bodies).toEqual([{ address: sentAddress }]);
    expect(await screen.findByText(messages.account.addressSaved)).toBeInTheDocument();
  });
});
