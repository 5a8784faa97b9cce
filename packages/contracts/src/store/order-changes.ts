/**
 * What the customer may change of a paid order (docs/decisions/0072): a replacement file while it is on hold, a
 * cancel or another address within the cancel window. See ./order-hold.ts for the rules.
 */
import { z } from 'zod';
import { ErrorBody, Id, IdParams } from '../common.js';
import { defineRoute } from '../route.js';
import { DeliveryAddress, OrderResponse } from './checkout.js';

export const ReplaceFileBody = z
  .object({
    project_id: Id,
    pdf_upload_id: z.string().max(64).optional(),
    cover_upload_id: z.string().max(64).optional(),
    /** The warnings_key of the new interior's report, as on upload-book (ADR 0070). */
    preflight_acknowledged: z.string().max(32).nullable().optional(),
  })
  .strict();
export type ReplaceFileBody = z.input<typeof ReplaceFileBody>;

export const ChangeAddressBody = z.object({ address: DeliveryAddress }).strict();
export type ChangeAddressBody = z.input<typeof ChangeAddressBody>;

const tags = ['orders'];

export const orderHoldRoutes = {
  replaceFile: defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/replace-file/',
    operationId: 'postOrdersByIdReplaceFile',
    summary: 'A replacement interior or cover for a book of an order on hold (preflighted first)',
    tags,
    access: 'customer',
    params: IdParams,
    body: ReplaceFileBody,
    responses: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/cancel/',
    operationId: 'postOrdersByIdCancel',
    summary: 'Cancel a paid order within its cancel window, refunded in full',
    tags,
    access: 'customer',
    params: IdParams,
    responses: { 200: OrderResponse, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody },
  }),
  changeAddress: defineRoute({
    method: 'PUT',
    path: '/api/orders/{id}/address/',
    operationId: 'putOrdersByIdAddress',
    summary: 'Change the delivery address within the cancel window (same state and country)',
    tags,
    access: 'customer',
    params: IdParams,
    body: ChangeAddressBody,
    responses: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
  }),
} as const;
