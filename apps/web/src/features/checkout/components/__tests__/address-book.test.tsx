/**
 * Account Settings → Addresses against msw (docs/decisions/0074): the saved addresses listed (default marked), a
 * new one added after the contract's check, one made the default, one deleted; the server's refusal shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { urlOf } from '@bindery/contracts/route';
import { addressRoutes, type SaveAddressInput, type SavedAddress } from '@bindery/contracts/store/addresses';
import { address, pasteAddress } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

function bookApi(initial: SavedAddress[]) {
  let book = initial;
  let next = 100;
  const sent: { route: string; body?: unknown }[] = [];
  const sorted = () => [...book].sort((a, b) => Number(b.is_default) - Number(a.is_default) || b.id - a.id);
  server.use(
    http.get(urlOf(addressRoutes.list), () => HttpResponse.json({ addresses: sorted() })),
    http.post(urlOf(addressRoutes.create), async ({ request }) => {
      const body = (await request.json()) as SaveAddressInput;
      sent.push({ route: 'create', body });
      const saved = { id: next++, is_default: book.length === 0, address: { ...address, ...body.address } } as SavedAddress;
      book = [...book, saved];
      return HttpResponse.json({ address: saved }, { status: 201 });
    }),
    http.put(urlOf(addressRoutes.update), async ({ request, params }) => {
      const body = (await request.json()) as SaveAddressInput;
      const id = Number(params['id']);
      sent.push({ route: 'update', body: { id, ...body } });
      book = book.map((a) => (a.id === id ? { ...a, is_default: body.is_default ?? a.is_default } : body.is_default ? { ...a, is_default: false } : a));
      return HttpResponse.json({ address: defined(book.find((a) => a.id === id), 'the address') });
    }),
    http.delete(urlOf(addressRoutes.remove), ({ params }) => {
      sent.push({ route: 'delete', body: Number(params['id']) });
      book = book.filter((a) => a.id !== Number(params['id']));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

const region = () => screen.findByRole('region', { name: 'Addresses' });

describe('Account Settings: Addresses', () => {
  it('adds an address after checking it, and lists it as the default', async () => {
    const sent = bookApi([]);
    signInForTest();
    renderRoute('/account-settings');
    const section = await region();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Add an address' }));
    const form = within(section).getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    // The contract's check, before anything is sent.
    expect(within(form).getByLabelText('First name')).toHaveAccessibleDescription(/required/i);
    expect(sent).toEqual([]);
    await pasteAddress(user, within(form), { phone: false });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const list = await within(section).findByRole('list', { name: 'Saved addresses' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Ann Reader, 100 Congress Ave, Austin TX 78701 (default)');
    const { phone_number: _none, has_resale_cert: _no, ...withoutPhone } = address;
    expect(sent).toEqual([{ route: 'create', body: { address: withoutPhone } }]);
  });

  it('makes another address the default and deletes one', async () => {
    const sent = bookApi([
      { id: 1, is_default: true, address },
      { id: 2, is_default: false, address: { ...address, first_name: 'Bea', address: '500 Work St' } },
    ]);
    signInForTest();
    renderRoute('/account-settings');
    const list = await within(await region()).findByRole('list', { name: 'Saved addresses' });
    const user = userEvent.setup();
    await user.click(within(defined(within(list).getAllByRole('listitem')[1], 'Bea')).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(defined(within(list).getAllByRole('listitem')[0], 'first')).toHaveTextContent('Bea Reader, 500 Work St'));
    expect(defined(within(list).getAllByRole('listitem')[0], 'first')).toHaveTextContent('(default)');
    await user.click(within(defined(within(list).getAllByRole('listitem')[1], 'Ann')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(sent.map((s) => s.route)).toEqual(['update', 'delete']);
    expect(sent[1]?.body).toBe(1);
  });
});
