/**
 * The address book (docs/decisions/0074): a customer's saved shipping addresses, their own only, one default, at
 * most 20 even when saved in parallel; deleting the account deletes them.
 */
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { MAX_SAVED_ADDRESSES, SavedAddressResponse, SavedAddressesResponse } from '@bindery/contracts/store/addresses';
import { GOOD_PASSWORD } from '../accounts.js';
import { ADDRESS } from '../orders-fixtures.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();
type Auth = Record<string, string>;

const list = async (auth: Auth) =>
  json(await request(t, { method: 'GET', url: '/api/users/me/addresses/', headers: auth }), SavedAddressesResponse).addresses;
const create = (auth: Auth, address: Record<string, unknown>, is_default?: boolean) =>
  request(t, { method: 'POST', url: '/api/users/me/addresses/', headers: auth, payload: { address, ...(is_default === undefined ? {} : { is_default }) } });
const update = (auth: Auth, id: number, address: Record<string, unknown>, is_default?: boolean) =>
  request(t, { method: 'PUT', url: `/api/users/me/addresses/${id}/`, headers: auth, payload: { address, ...(is_default === undefined ? {} : { is_default }) } });
const remove = (auth: Auth, id: number) => request(t, { method: 'DELETE', url: `/api/users/me/addresses/${id}/`, headers: auth });
const idOf = (res: Awaited<ReturnType<typeof create>>) => json(res, SavedAddressResponse).address.id;

describe('api/users/me/addresses/', () => {
  it('saves, lists (default first), edits and deletes; the first is the default, one default at a time', async () => {
    const { auth } = await createUser(t);
    expect(await list(auth)).toEqual([]);
    const home = await create(auth, ADDRESS);
    expect(home.statusCode, home.body).toBe(201);
    expect(json(home, SavedAddressResponse).address).toMatchObject({ is_default: true, address: { city: 'Austin', first_name: 'Ada' } });
    const work = idOf(await create(auth, { ...ADDRESS, address: '500 Work St' }));
    expect((await list(auth)).map((a) => [a.id, a.is_default])).toEqual([[idOf(home), true], [work, false]]);

    // Marking another one moves the default.
    const edited = await update(auth, work, { ...ADDRESS, address: '501 Work St' }, true);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(auth)).map((a) => [a.id, a.is_default, a.address.address])).toEqual([
      [work, true, '501 Work St'],
      [idOf(home), false, ADDRESS.address],
    ]);
    // Deleting the default makes the one left the default.
    expect((await remove(auth, work)).statusCode).toBe(204);
    expect((await list(auth)).map((a) => [a.id, a.is_default])).toEqual([[idOf(home), true]]);
    // A US ZIP outside its state is refused as at checkout.
    expect((await create(auth, { ...ADDRESS, postal_code: '10001' })).statusCode).toBe(400);
  });

  it("keeps each customer's addresses their own: another's id is 404 and unchanged", async () => {
    const mine = await createUser(t);
    const theirs = await createUser(t);
    const id = idOf(await create(theirs.auth, ADDRESS));
    expect((await update(mine.auth, id, { ...ADDRESS, city: 'Dallas', postal_code: '75201' })).statusCode).toBe(404);
    expect((await remove(mine.auth, id)).statusCode).toBe(404);
    expect((await list(theirs.auth)).map((a) => a.address.city)).toEqual(['Austin']);
  });

  it(`holds at most ${MAX_SAVED_ADDRESSES}, even when saved in parallel`, async () => {
    const { auth } = await createUser(t);
    for (let i = 0; i < MAX_SAVED_ADDRESSES - 2; i++) await create(auth, { ...ADDRESS, address: `${i} Main St` });
    const answers = await Promise.all([0, 1, 2, 3].map((i) => create(auth, { ...ADDRESS, address: `${i} Race St` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(json(defined(answers.find((r) => r.statusCode === 409), 'a refusal'), ErrorBody).code).toBe('ADDRESS_BOOK_FULL');
    const saved = await list(auth);
    expect(saved).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(saved.filter((a) => a.is_default)).toHaveLength(1);
  });

  it('goes with the account when it is deleted', async () => {
    const { user, auth } = await createUser(t, { password: GOOD_PASSWORD });
    await create(auth, ADDRESS);
    const res = await request(t, { method: 'DELETE', url: '/api/users/me/', headers: auth, payload: { password: GOOD_PASSWORD } });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.selectFrom('user_addresses').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
