/**
 * The staff notes a customer sees on their order page (docs/decisions/0071): the notes staff marked as shown to
 * the customer (not internal), oldest first. The order's customer only (another customer's order is 404).
 * - GET api/orders/{id}/notes/ → CustomerOrderNotesResponse
 */
import { z } from 'zod';
import { ErrorBody, IdParam } from '../common.js';
import { CustomerOrderNote } from '../admin/production.js';
import { defineRoute } from '../route.js';

export const CustomerOrderNotesResponse = z.object({ notes: z.array(CustomerOrderNote) });
export type CustomerOrderNotesResponse = z.infer<typeof CustomerOrderNotesResponse>;

export const orderNoteRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/notes/',
    operationId: 'getOrdersByIdNotes',
    summary: 'The notes staff wrote to the customer about their order, oldest first',
    tags: ['orders'],
    access: 'owner',
    params: z.object({ id: IdParam }).strict(),
    responses: { 200: CustomerOrderNotesResponse, 401: ErrorBody, 404: ErrorBody },
  }),
};
