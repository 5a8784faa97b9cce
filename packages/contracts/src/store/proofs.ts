/**
 * Proof copies (docs/decisions/0078): one copy of a saved book, ordered before the run.
 * - POST api/book/{id}/proof/                 → 201 ProofResponse: a draft project of one copy, a proof of book {id}
 *                                              (its files and options), priced at the single-copy price without
 *                                              bulk tiers; the SPA puts it in the cart. A book with an open proof
 *                                              draft answers that draft (200). Printed books only (400 for an
 *                                              e-book), never a proof of a proof.
 * - POST api/orders/{id}/approve-proof/ ApproveProofBody → OrderResponse: the owner approves a proof item of
 *                                              a shipped or delivered order, once; an order event and the book's
 *                                              proof_approved_at record it. 409 otherwise.
 */
import { z } from 'zod';
import { ErrorBody, Id, IdParams } from '../common.js';
import { defineRoute } from '../route.js';
import { OrderResponse } from './checkout.js';
export { OrderItemProof } from './checkout.js';
import { Project } from './projects.js';

export const ProofResponse = z.object({ message: z.string(), project: Project });
export type ProofResponse = z.infer<typeof ProofResponse>;

export const ApproveProofBody = z.object({ project_id: Id }).strict();
export type ApproveProofBody = z.input<typeof ApproveProofBody>;

export const proofRoutes = {
  order: defineRoute({
    method: 'POST',
    path: '/api/book/{id}/proof/',
    operationId: 'postBookByIdProof',
    summary: 'A proof copy of a saved book: one copy at the single-copy price, a draft for the cart',
    tags: ['projects'],
    access: 'owner',
    params: IdParams,
    responses: { 200: ProofResponse, 201: ProofResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/approve-proof/',
    operationId: 'postOrdersByIdApproveProof',
    summary:
      'Approve the proof copy of a shipped or delivered order (once): the book can be ordered in copies',
    tags: ['orders'],
    // The body is checked before the order is looked up (as replace-file): any signed-in customer gets a 4xx.
    access: 'customer',
    params: IdParams,
    body: ApproveProofBody,
    responses: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
  }),
} as const;
