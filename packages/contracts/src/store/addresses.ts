/**
 * The customer's address book (docs/decisions/0074), signed in, their own addresses only (another's id is 404):
 * - GET    api/users/me/addresses/                    → SavedAddressesResponse: the default first, then newest
 * - POST   api/users/me/addresses/ {address, is_default?} → 201 SavedAddressResponse (409 ADDRESS_BOOK_FULL at 20;
 *                                                        the first address is the default)
 * - PUT    api/users/me/addresses/{id}/ {address, is_default?} → SavedAddressResponse
 * - DELETE api/users/me/addresses/{id}/               → 204 (deleting the default makes the newest left the default)
 * The address is the shop's delivery address (checkout's DeliveryAddress); an order keeps its own copy of it.
 */
import { z } from 'zod';
import { errorBodies, Id, IdParams } from '../common.js';
import { defineRoute } from '../route.js';
import { Address, DeliveryAddress } from './checkout.js';

/** At most this many saved addresses per account. */
export const MAX_SAVED_ADDRESSES = 20;

export const SavedAddress = z.object({
  id: Id,
  is_default: z.boolean(),
  address: Address,
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const SavedAddressesResponse = z.object({ addresses: z.array(SavedAddress).max(MAX_SAVED_ADDRESSES) });
export type SavedAddressesResponse = z.infer<typeof SavedAddressesResponse>;

export const SavedAddressResponse = z.object({ address: SavedAddress });
export type SavedAddressResponse = z.infer<typeof SavedAddressResponse>;

/** A new or edited address; `is_default: true` makes it the default (the one before stops being it). */
export const SaveAddressBody = z.object({ address: DeliveryAddress, is_default: z.boolean().optional() }).strict();
export type SaveAddressBody = z.infer<typeof SaveAddressBody>;
export type SaveAddressInput = z.input<typeof SaveAddressBody>;

export const AddressParams = IdParams;

const tags = ['account'];

export const addressRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users/me/addresses/',
    operationId: 'getUsersMeAddresses',
    summary: 'The saved shipping addresses, the default first',
    tags,
    access: 'customer',
    responses: { 200: SavedAddressesResponse, ...errorBodies(401) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users/me/addresses/',
    operationId: 'postUsersMeAddresses',
    summary: 'Save a shipping address (at most 20)',
    tags,
    access: 'customer',
    body: SaveAddressBody,
    responses: { 201: SavedAddressResponse, ...errorBodies(400, 401, 409) },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/me/addresses/{id}/',
    operationId: 'putUsersMeAddressesById',
    summary: 'Edit a saved address, or make it the default',
    tags,
    access: 'customer',
    params: AddressParams,
    body: SaveAddressBody,
    responses: { 200: SavedAddressResponse, ...errorBodies(400, 401, 404) },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/me/addresses/{id}/',
    operationId: 'deleteUsersMeAddressesById',
    summary: 'Delete a saved address',
    tags,
    access: 'customer',
    params: AddressParams,
    responses: { 204: null, ...errorBodies(400, 401, 404) },
  }),
};
