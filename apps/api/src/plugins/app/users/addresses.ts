/**
 * The customer's address book (docs/decisions/0074): at most MAX_SAVED_ADDRESSES saved shipping addresses, one of
 * them the default (the first one saved, or the one marked; deleting it makes the newest left the default). Every
 * change holds the user row's lock, so two saves at once cannot pass the cap or leave two defaults. Orders keep
 * their own copy of the address: nothing here reaches an order. Plain functions (docs/decisions/0018).
 */
import type { Kysely } from 'kysely';
import {
  MAX_SAVED_ADDRESSES,
  type SaveAddressBody,
  type SavedAddress,
  type SavedAddressesResponse,
} from '@bindery/contracts/store/addresses';
import { Address } from '@bindery/contracts/store/checkout';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  insertAddress,
  listAddresses,
  lockAddressBook,
  promoteNewest,
  updateAddress,
  type AddressRow,
} from './addresses.repository.js';

const m = messages.account;

const toSaved = (row: AddressRow): SavedAddress => ({
  id: row.id,
  is_default: row.is_default,
  address: Address.parse(row.address),
});

const notFound = () => new DomainError('not_found', m.addressNotFound, { code: 'ADDRESS_NOT_FOUND' });

export function createAddressBook({ db }: { db: Kysely<DB> }) {
  async function list(userId: number): Promise<SavedAddressesResponse> {
    return { addresses: (await listAddresses(db, userId, MAX_SAVED_ADDRESSES)).map(toSaved) };
  }

  async function create(userId: number, body: SaveAddressBody): Promise<SavedAddress> {
    const row = await db.transaction().execute(async (trx) => {
      await lockAddressBook(trx, userId);
      const count = await countAddresses(trx, userId);
      if (count >= MAX_SAVED_ADDRESSES) {
        throw new DomainError('conflict', m.addressBookFull(MAX_SAVED_ADDRESSES), { code: 'ADDRESS_BOOK_FULL' });
      }
      const isDefault = count === 0 || body.is_default === true;
      if (isDefault) await clearDefault(trx, userId);
      return insertAddress(trx, userId, body.address, isDefault);
    });
    return toSaved(row);
  }

  async function update(userId: number, id: number, body: SaveAddressBody): Promise<SavedAddress> {
    const row = await db.transaction().execute(async (trx) => {
      await lockAddressBook(trx, userId);
      // Unmarking the default is not a move of its own: another address becomes the default by being marked.
      if (body.is_default === true) await clearDefault(trx, userId);
      const updated = await updateAddress(trx, userId, id, body.address, body.is_default === true ? true : undefined);
      // Thrown inside: the default cleared above rolls back with it.
      if (!updated) throw notFound();
      return updated;
    });
    return toSaved(row);
  }

  async function remove(userId: number, id: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockAddressBook(trx, userId);
      const gone = await deleteAddress(trx, userId, id);
      if (!gone) throw notFound();
      if (gone.is_default) await promoteNewest(trx, userId);
    });
  }

  return { list, create, update, remove };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
