/** The fake PayPal driven by the real @paypal/checkout-server-sdk, as the API drives it. */
import paypal from '@paypal/checkout-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { startFakePaypal, type FakePaypal } from './paypal.js';

let fake: FakePaypal;
let client: paypal.core.PayPalHttpClient;

beforeAll(async () => {
  fake = await startFakePaypal();
  client = new paypal.core.PayPalHttpClient(
    new paypal.core.PayPalEnvironment(fake.clientId, fake.clientSecret, fake.url, fake.url),
  );
});
afterAll(() => fake.stop());

const money = (value: string) => ({ currency_code: 'USD', value });

/** What these tests read of a PayPal answer: the SDK types every `result` as `any`. */
interface PaypalResult {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  links?: { rel: string; href: string }[];
  purchase_units?: { payments?: { captures?: { id: string; status: string; amount: unknown }[] } }[];
}

/** client.execute with the answer's `result` typed as what the tests read. */
async function run(request: unknown): Promise<{ statusCode: number; result: PaypalResult }> {
  const res = await client.execute(request);
  return { statusCode: res.statusCode, result: res.result as PaypalResult };
}

/** The first capture of an order answer (a captured order has one). */
function firstCapture(result: PaypalResult) {
  const capture = result.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) throw new Error(`expected a capture in order ${result.id}`);
  return capture;
}

function createRequest(total = '31.00', itemTotal = '25.00') {
  const request = new paypal.orders.OrdersCreateRequest();
  request.requestBody({
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'order-7',
        amount: {
          ...money(total),
          breakdown: { item_total: money(itemTotal), shipping: money('4.00'), tax_total: money('2.00') },
        } as never,
        items: [
          {
            name: 'My Book — 10 copies',
            quantity: '1',
            unit_amount: money('25.00'),
            category: 'PHYSICAL_GOODS',
          },
        ],
      },
    ],
    application_context: {
      return_url: 'http://web.test/payment/success?order=7',
      cancel_url: 'http://web.test/payment/cancel?order=7',
    },
  });
  return request;
}

/** The JSON body of a PayPal SDK HttpError. */
const errorBody = (error: unknown) =>
  JSON.parse((error as Error).message) as { name: string; details?: { issue: string }[] };

describe('fake PayPal Orders v2', () => {
  it('gets a token, creates an order with an approve link, and captures it once approved', async () => {
    const created = await run(createRequest());
    expect(created.statusCode).toBe(201);
    const id = created.result.id;
    const approve = (created.result.links ?? []).find((l) => l.rel === 'approve');
    expect(approve?.href).toBe(`${fake.url}/checkoutnow?token=${id}`);
    expect(fake.apiRequests('POST', '/v1/oauth2/token')).toHaveLength(1);

    const early = await run(new paypal.orders.OrdersCaptureRequest(id)).catch((e: unknown) => e);
    expect(errorBody(early).details?.[0]?.issue).toBe('ORDER_NOT_APPROVED');

    expect(fake.approveOrder(id)).toBe(
      `http://web.test/payment/success?order=7&token=${id}&PayerID=FAKEPAYER01`,
    );
    const captured = await run(new paypal.orders.OrdersCaptureRequest(id).payPalRequestId('capture-1'));
    expect(captured.result.status).toBe('COMPLETED');
    expect(firstCapture(captured.result)).toMatchObject({
      status: 'COMPLETED',
      amount: money('31.00'),
    });

    // Same PayPal-Request-Id: the first answer again. Another id: ORDER_ALREADY_CAPTURED.
    const replay = await run(new paypal.orders.OrdersCaptureRequest(id).payPalRequestId('capture-1'));
    expect(firstCapture(replay.result).id).toBe(firstCapture(captured.result).id);
    const second = await run(new paypal.orders.OrdersCaptureRequest(id).payPalRequestId('capture-2')).catch(
      (e: unknown) => e,
    );
    expect((second as { statusCode: number }).statusCode).toBe(422);
    expect(errorBody(second).details?.[0]?.issue).toBe('ORDER_ALREADY_CAPTURED');

    const got = await run(new paypal.orders.OrdersGetRequest(id));
    expect(got.result).toMatchObject({ id, status: 'COMPLETED', intent: 'CAPTURE' });
  });

  it('checks the amount breakdown and the item total as PayPal does', async () => {
    const mismatch = await run(createRequest('30.00')).catch((e: unknown) => e);
    expect(errorBody(mismatch).details?.[0]?.issue).toBe('AMOUNT_MISMATCH');
    const items = await run(createRequest('32.00', '26.00')).catch((e: unknown) => e);
    expect(errorBody(items).details?.[0]?.issue).toBe('ITEM_TOTAL_MISMATCH');
    const precision = createRequest();
    const units = (precision.body as unknown as { purchase_units: { amount: { value: string } }[] })
      .purchase_units;
    for (const unit of units) unit.amount.value = '31.001';
    const bad = await run(precision).catch((e: unknown) => e);
    expect((bad as { statusCode: number }).statusCode).toBe(400);
  });

  it('refuses wrong client credentials and unknown orders', async () => {
    const other = new paypal.core.PayPalHttpClient(
      new paypal.core.PayPalEnvironment('someone', 'else', fake.url, fake.url),
    );
    const denied = await other.execute(createRequest()).catch((e: unknown) => e);
    expect((denied as { statusCode: number }).statusCode).toBe(401);
    const missing = await run(new paypal.orders.OrdersGetRequest('NOPE0000000000000')).catch(
      (e: unknown) => e,
    );
    expect((missing as { statusCode: number }).statusCode).toBe(404);
  });

  it('serves an approval page whose buttons send the buyer back to return_url or cancel_url', async () => {
    const id = (await run(createRequest())).result.id;
    const html = await (await fetch(`${fake.url}/checkoutnow?token=${id}`)).text();
    expect(html).toContain('31.00 USD');
    expect(html).toContain(messages.payments.testModeBanner);
    const cancel = await fetch(`${fake.url}/checkoutnow/cancel?token=${id}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.headers.get('location')).toBe(`http://web.test/payment/cancel?order=7&token=${id}`);
    const approve = await fetch(`${fake.url}/__fake/orders/${id}/approve`, { method: 'POST' });
    expect(await approve.json()).toEqual({
      return_url: `http://web.test/payment/success?order=7&token=${id}&PayerID=FAKEPAYER01`,
    });
    expect(fake.order(id)?.status).toBe('APPROVED');
  });
});

describe('fake PayPal capture refunds', () => {
  /** An approved and captured order: its capture id. */
  async function capturedOrder(): Promise<string> {
    const id = (await run(createRequest())).result.id;
    fake.approveOrder(id);
    const captured = await run(new paypal.orders.OrdersCaptureRequest(id));
    return firstCapture(captured.result).id;
  }
  const refundRequest = (captureId: string, value?: string, requestId?: string) => {
    const request = new paypal.payments.CapturesRefundRequest(captureId).prefer('return=representation');
    if (requestId) request.payPalRequestId(requestId);
    if (value) request.requestBody({ amount: money(value) } as never);
    return request;
  };

  it('refunds part, then the rest without an amount, then refuses more as PayPal does', async () => {
    const captureId = await capturedOrder();
    const part = await run(refundRequest(captureId, '10.00'));
    expect(part.statusCode).toBe(201);
    expect(part.result).toMatchObject({ status: 'COMPLETED', amount: money('10.00') });
    expect(fake.capture(captureId)?.status).toBe('PARTIALLY_REFUNDED');
    const tooMuch = await run(refundRequest(captureId, '21.01')).catch((e: unknown) => e);
    expect((tooMuch as { statusCode: number }).statusCode).toBe(422);
    expect(errorBody(tooMuch).details?.[0]?.issue).toBe('REFUND_AMOUNT_EXCEEDED');
    const rest = await run(refundRequest(captureId));
    expect(rest.result.amount).toEqual(money('21.00'));
    expect(fake.capture(captureId)?.status).toBe('REFUNDED');
    const again = await run(refundRequest(captureId)).catch((e: unknown) => e);
    expect(errorBody(again).details?.[0]?.issue).toBe('CAPTURE_FULLY_REFUNDED');
    const got = await run(new paypal.payments.CapturesGetRequest(captureId));
    expect(got.result.status).toBe('REFUNDED');
    const refund = await run(new paypal.payments.RefundsGetRequest(part.result.id));
    expect(refund.result.amount).toEqual(money('10.00'));
  });

  it('replays a refund for a repeated PayPal-Request-Id instead of refunding twice', async () => {
    const captureId = await capturedOrder();
    const first = await run(refundRequest(captureId, '5.00', 'refund-order-3-1'));
    const retry = await run(refundRequest(captureId, '5.00', 'refund-order-3-1'));
    expect(retry.result.id).toBe(first.result.id);
    expect(fake.refunds(captureId)).toHaveLength(1);
    expect(fake.received('capture.refund').at(-1)?.headers['paypal-request-id']).toBe('refund-order-3-1');
  });

  it('answers an unknown capture with 404, and offers no way to void a CAPTURE order (PayPal has none)', async () => {
    const missing = await run(refundRequest('NOPE0000000000000')).catch((e: unknown) => e);
    expect((missing as { statusCode: number }).statusCode).toBe(404);
    const id = (await run(createRequest())).result.id;
    const token = await fetch(`${fake.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
      },
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const voided = await fetch(`${fake.url}/v2/checkout/orders/${id}/void`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(voided.status).toBe(404);
    // An order nobody captures stays as it was: no money moves.
    expect(fake.order(id)?.status).toBe('CREATED');
  });
});
