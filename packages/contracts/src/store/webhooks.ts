/**
 * A customer's outbound webhooks (docs/decisions/0076), under api/users/me/webhooks/, with the bearer session or an
 * API key (scope orders:read): endpoints (URL, events, a signing secret answered once), each endpoint's delivery
 * log, "resend" of a delivery (the same event id, so a receiver deduplicates) and "send test event".
 *
 * Every delivery is a POST of a WebhookEvent as JSON, signed in the header
 * `Bindery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`.
 */
import { z } from 'zod';
import { errorBodies, IdParam, IdParams } from '../common.js';
import { defineRoute } from '../route.js';

export const WEBHOOK_EVENT_TYPES = [
  'order.status_changed',
  'order.on_hold',
  'order.shipped',
  'order.refunded',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The header a receiver verifies. */
export const SIGNATURE_HEADER = 'Bindery-Signature';

/** What is POSTed: `id` is the event's (a resend repeats it: deduplicate on it); `type` also `test` for a test. */
export const WebhookEvent = z.object({
  id: z.string(),
  type: z.union([WebhookEventType, z.literal('test')]),
  created: z.number().int(),
  data: z.object({
    order: z
      .object({
        id: z.number().int(),
        order_number: z.string(),
        status: z.string(),
        previous_status: z.string().nullable(),
        carrier: z.string().nullable().optional(),
        tracking_number: z.string().nullable().optional(),
        tracking_url: z.string().nullable().optional(),
        hold_reason: z.string().nullable().optional(),
        hold_message: z.string().nullable().optional(),
        refunded: z.string().optional(),
      })
      .nullable(),
  }),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const WebhookEndpoint = z.object({
  id: z.number().int().positive(),
  url: z.string(),
  events: z.array(WebhookEventType),
  created_at: z.iso.datetime({ offset: true }),
  /** Set when deliveries failed for a day and the endpoint was switched off (its owner was mailed). */
  disabled_at: z.iso.datetime({ offset: true }).nullable(),
  disabled_reason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const CreateWebhookBody = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    events: z.array(WebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
  })
  .strict();
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

/** The endpoint and its signing secret: the only time the secret is shown. */
export const CreateWebhookResponse = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof CreateWebhookResponse>;

export const ListWebhooksResponse = z.object({ data: z.array(WebhookEndpoint) });
export type ListWebhooksResponse = z.infer<typeof ListWebhooksResponse>;

export const WebhookDelivery = z.object({
  id: z.number().int().positive(),
  event_id: z.string(),
  event_type: z.string(),
  order_id: z.number().int().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  last_response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  delivered_at: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const ListDeliveriesResponse = z.object({ data: z.array(WebhookDelivery) });
export type ListDeliveriesResponse = z.infer<typeof ListDeliveriesResponse>;

export const DeliveryResponse = z.object({ delivery: WebhookDelivery });
export type DeliveryResponse = z.infer<typeof DeliveryResponse>;

export const DeliveryParams = z.object({ id: IdParam, delivery_id: IdParam }).strict();
export type DeliveryParams = z.infer<typeof DeliveryParams>;

/** Endpoints an account may have; deliveries a log shows (the newest). */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const DELIVERY_LOG_SIZE = 50;

const tags = ['webhooks'];

export const webhookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users/me/webhooks/',
    operationId: 'getUsersMeWebhooks',
    summary: 'The caller’s webhook endpoints',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:read',
    responses: { 200: ListWebhooksResponse, ...errorBodies(401, 403) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users/me/webhooks/',
    operationId: 'postUsersMeWebhooks',
    summary:
      'Register a webhook endpoint (a public http(s) URL): the answer holds its signing secret, shown once',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:read',
    body: CreateWebhookBody,
    responses: { 201: CreateWebhookResponse, ...errorBodies(400, 401, 403, 409) },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/me/webhooks/{id}/',
    operationId: 'deleteUsersMeWebhooksById',
    summary: 'Delete a webhook endpoint and its delivery log',
    tags,
    access: 'owner',
    apiKeyScope: 'orders:read',
    params: IdParams,
    responses: { 204: null, ...errorBodies(400, 401, 403, 404) },
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/users/me/webhooks/{id}/deliveries/',
    operationId: 'getUsersMeWebhooksByIdDeliveries',
    summary: 'An endpoint’s delivery log, newest first: status, attempts, last response code',
    tags,
    access: 'owner',
    apiKeyScope: 'orders:read',
    params: IdParams,
    responses: { 200: ListDeliveriesResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/users/me/webhooks/{id}/deliveries/{delivery_id}/resend/',
    operationId: 'postUsersMeWebhooksByIdDeliveriesByDeliveryIdResend',
    summary: 'Send a delivery again now (the same event id); re-enables a disabled endpoint',
    tags,
    access: 'owner',
    apiKeyScope: 'orders:read',
    params: DeliveryParams,
    responses: { 202: DeliveryResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  sendTest: defineRoute({
    method: 'POST',
    path: '/api/users/me/webhooks/{id}/test/',
    operationId: 'postUsersMeWebhooksByIdTest',
    summary: 'Send a signed test event to the endpoint now',
    tags,
    access: 'owner',
    apiKeyScope: 'orders:read',
    params: IdParams,
    responses: { 202: DeliveryResponse, ...errorBodies(400, 401, 403, 404) },
  }),
};
