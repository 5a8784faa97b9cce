/**
 * PayPal Orders v2 (intent CAPTURE) with the official @paypal/checkout-server-sdk. The only file that imports it.
 * PAYPAL_API_BASE is the REST origin (sandbox by default; the local fake in tests and the e2e).
 * The SDK is deprecated upstream in favour of @paypal/paypal-server-sdk, which cannot be pointed at another
 * origin; the Orders v2 API it speaks is current (docs/decisions/0014).
 * @see https://developer.paypal.com/docs/api/orders/v2/
 * @see https://developer.paypal.com/docs/api/payments/v2/#captures_refund
 */
import { orderNumberOf } from '@bindery/contracts/store/orders';
import paypal from '@paypal/checkout-server-sdk';
import { formatCents, parseCents } from '@bindery/pricing/money';
import type { PaymentsConfig } from '#env.js';
import {
  ProviderError,
  type PaypalGateway,
  type PaypalOrder,
  type PaymentRequest,
} from './payment-gateways.js';

interface OrderJson {
  id: string;
  status: string;
  update_time?: string;
  links?: { rel: string; href: string }[];
  purchase_units?: {
    payments?: {
      captures?: { id: string; status: string; amount?: { currency_code: string; value: string } }[];
    };
  }[];
}

interface RefundJson {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
}

/** Captures that took money; a refund later changes their status but not what was taken. */
const TOOK_MONEY = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

function toOrder(json: OrderJson): PaypalOrder {
  const captures = (json.purchase_units ?? [])
    .flatMap((u) => u.payments?.captures ?? [])
    .flatMap((c) => (TOOK_MONEY.has(c.status) && c.amount ? [{ ...c, amount: c.amount }] : []));
  const approval =
    json.links?.find((l) => l.rel === 'approve') ?? json.links?.find((l) => l.rel === 'payer-action');
  return {
    id: json.id,
    status: json.status,
    ...(json.update_time ? { updateTime: json.update_time } : {}),
    ...(approval ? { approvalUrl: approval.href } : {}),
    capturedCents: captures.reduce((sum, c) => sum + parseCents(c.amount.value), 0),
    ...(captures[0]
      ? { capturedCurrency: captures[0].amount.currency_code.toUpperCase(), captureId: captures[0].id }
      : {}),
  };
}

interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

/** PayPal's error body (the SDK puts it in the error's message as JSON). */
function bodyOf(error: { message?: string }): PaypalErrorBody | undefined {
  try {
    return JSON.parse(error.message ?? '') as PaypalErrorBody;
  } catch {
    return undefined;
  }
}

/** PayPal's error body names the reason in details[0].issue (or in name). */
function issueOf(error: { message?: string }): string {
  const body = bodyOf(error);
  return body?.details?.[0]?.issue ?? body?.name ?? 'UNKNOWN';
}

/** PayPal's own words: the issue's description, else the error's message. */
function paypalDetails(error: unknown) {
  const body = bodyOf(error as { message?: string });
  const status = statusOf(error);
  const issue = body?.details?.[0];
  const message = issue?.description ?? body?.message;
  return {
    ...(message ? { providerMessage: message } : {}),
    ...(issue?.issue || body?.name ? { providerCode: issue?.issue ?? body?.name } : {}),
    ...(status !== undefined ? { statusCode: status } : {}),
  };
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { statusCode?: unknown }).statusCode === 'number'
    ? (error as { statusCode: number }).statusCode
    : undefined;

export function createPaypalGateway(config: NonNullable<PaymentsConfig['paypal']>): PaypalGateway {
  const client = new paypal.core.PayPalHttpClient(
    new paypal.core.PayPalEnvironment(config.clientId, config.clientSecret, config.apiBase, config.apiBase),
  );

  const execute = async <T = OrderJson>(what: string, request: object): Promise<T> => {
    try {
      return (await client.execute(request)).result as T;
    } catch (error) {
      throw new ProviderError(
        `PayPal: ${what} failed (${statusOf(error) ?? 'no answer'})`,
        error,
        paypalDetails(error),
      );
    }
  };

  return {
    async createOrder(r: PaymentRequest) {
      const money = (cents: number) => ({ currency_code: r.currency, value: formatCents(cents) });
      const request = new paypal.orders.OrdersCreateRequest();
      request.prefer('return=representation');
      // A retried create with the same id gets PayPal's first answer: one PayPal order per attempt.
      (request.headers as unknown as Record<string, string>)['PayPal-Request-Id'] = r.idempotencyKey;
      request.requestBody({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: `order-${r.orderId}`,
            custom_id: String(r.orderId),
            // The number the customer reads everywhere else (pages, mails, receipts).
            description: `Bindery order ${orderNumberOf(r.orderId)}`,
            amount: {
              ...money(r.totalCents),
              breakdown: {
                item_total: money(r.itemTotalCents),
                shipping: money(r.shippingCents),
                tax_total: money(r.taxCents),
                // PayPal shows it as the order's discount: total = items + shipping + tax − discount.
                ...(r.discountCents > 0 ? { discount: money(r.discountCents) } : {}),
              },
            } as paypal.orders.AmountWithBreakdown,
            items: r.items.map((line) => ({
              // PayPal's limit for an item name.
              name: line.name.slice(0, 127),
              quantity: '1',
              unit_amount: money(line.amountCents),
              category: 'PHYSICAL_GOODS' as const,
            })),
          },
        ],
        application_context: {
          brand_name: 'Bindery',
          user_action: 'PAY_NOW',
          // The order already has its address and shipping price; PayPal must not collect another.
          shipping_preference: 'NO_SHIPPING',
          return_url: r.successUrl,
          cancel_url: r.cancelUrl,
        },
      });
      return toOrder(await execute('create order', request));
    },

    async getOrder(id) {
      return toOrder(await execute('get order', new paypal.orders.OrdersGetRequest(id)));
    },

    async captureOrder(id, requestId) {
      const request = new paypal.orders.OrdersCaptureRequest(id)
        .payPalRequestId(requestId)
        .prefer('return=representation');
      try {
        return { ok: true, order: toOrder((await client.execute(request)).result as OrderJson) };
      } catch (error) {
        const status = statusOf(error);
        // 4xx: PayPal looked at the order and said no (not approved, declined, already captured, unknown).
        if (status !== undefined && status >= 400 && status < 500) {
          return { ok: false, issue: issueOf(error as { message?: string }), statusCode: status };
        }
        throw new ProviderError(
          `PayPal: capture failed (${status ?? 'no answer'})`,
          error,
          paypalDetails(error),
        );
      }
    },

    async refundCapture(captureId, r) {
      const request = new paypal.payments.CapturesRefundRequest(captureId)
        .payPalRequestId(r.idempotencyKey)
        .prefer('return=representation');
      const body: {
        amount: { currency_code: string; value: string };
        invoice_id: string;
        note_to_payer?: string;
      } = {
        amount: { currency_code: r.currency, value: formatCents(r.amountCents) },
        invoice_id: `bindery-${r.orderId}-${r.idempotencyKey}`.slice(0, 127),
      };
      if (r.note) body.note_to_payer = r.note.slice(0, 255);
      // @types/paypal__checkout-server-sdk marks every field required (and spells amount "amont").
      request.requestBody(body as unknown as Parameters<typeof request.requestBody>[0]);
      const refund = await execute<RefundJson>('refund capture', request);
      return {
        id: refund.id,
        amountCents: refund.amount ? parseCents(refund.amount.value) : r.amountCents,
        status: refund.status,
      };
    },
  };
}
