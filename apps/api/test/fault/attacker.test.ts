/**
 * One determined customer attacks on every front at once, against a listening app with the real fakes
 * (docs/decisions/0054, 0064): bodies that stall mid-way, bursts of parallel uploads and resale certificates past
 * their caps, and captures of their own PayPal order before approving it, hammered in parallel. Meanwhile another
 * customer uses the shop. What must hold: every stalled body is cut within seconds (408, or reset after the 401 a
 * route that needs a session wrote before reading the body), the caps keep exactly their
 * number, every early capture is refused (402) and none blocks the payment: once the buyer approves, the capture
 * takes the money once; the other customer is answered throughout.
 *
 * The route suites test each mechanism alone (request-timeouts, upload-caps, payments); this is them together.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_CERTIFICATES } from '@bindery/contracts/store/resale-certificates';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { MAX_PENDING_UPLOADS } from '#plugins/app/projects/uploads.service.js';
import { createUser, json, setupTestApp } from '../helper.js';
import { capturePaypal, startPaypal } from '../money-fixtures.js';
import { orderOneBook } from '../orders-fixtures.js';
import { startPaymentFakes } from '../payment-fakes.js';
import { makePdf } from '../pdf-fixtures.js';
import { upload, uploadCertificate } from '../projects.js';

const { paypal, env: fakesEnv } = await startPaymentFakes();
const t = setupTestApp({ env: { ...fakesEnv, HTTP_BODY_IDLE_TIMEOUT_SECONDS: '1' } });
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** A POST whose JSON body stops after a few bytes; resolves with what the server wrote once it closes. */
function stalledBody(path: string): Promise<string> {
  const body = JSON.stringify({ email: 'attacker@example.test', password: 'x'.repeat(40) });
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    // The body idle timeout is 1 s (the keep-alive timeout, 10 s, must not stand in for it).
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`${path}: the stalled body was not cut within 5 s`));
    }, 5_000).unref();
  });
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

describe('one customer attacking on every front at once', () => {
  it('is held everywhere, pays once after approving, and the shop keeps answering another customer', async () => {
    const attacker = await createUser(t);
    const other = await createUser(t);
    const { order } = await orderOneBook(t, attacker.auth, 'Attack');
    const { payment_id } = await startPaypal(t, attacker.auth, order.id);
    const pdf = await makePdf(2, { blank: true });
    const [stalled, uploads, certificates, captures, honest] = await Promise.all([
      Promise.all(
        ['/api/users/login/', '/api/save-shipping/', '/api/calculator/calculate/'].map(stalledBody),
      ),
      Promise.all(Array.from({ length: 30 }, () => upload(t, attacker.auth, 'interior', pdf))),
      Promise.all(Array.from({ length: 15 }, () => uploadCertificate(t, attacker.auth))),
      Promise.all(Array.from({ length: 8 }, () => capturePaypal(t, attacker.auth, payment_id))),
      (async () => {
        const config = await fetch(`http://127.0.0.1:${port}/api/config`);
        return { config: config.status, upload: (await upload(t, other.auth, 'interior', pdf)).statusCode };
      })(),
    ]);

    // Cut within the bound: answered 408, or, where a session is needed, the 401 written before the body and then
    // the connection reset all the same (not held for the keep-alive timeout, nor, trickled, for half an hour).
    expect(stalled.map((received) => received.slice(0, 12))).toEqual([
      'HTTP/1.1 408',
      'HTTP/1.1 401',
      'HTTP/1.1 408',
    ]);
    expect(statuses(uploads)).toEqual([
      ...Array<number>(MAX_PENDING_UPLOADS).fill(201),
      ...Array<number>(30 - MAX_PENDING_UPLOADS).fill(429),
    ]);
    expect(statuses(certificates)).toEqual([
      ...Array<number>(MAX_PENDING_CERTIFICATES).fill(201),
      ...Array<number>(15 - MAX_PENDING_CERTIFICATES).fill(429),
    ]);
    expect(statuses(captures)).toEqual(Array<number>(8).fill(402));
    expect(honest).toEqual({ config: 200, upload: 201 });

    // The buyer approves at last: the refusals above are not replayed, and the money is taken once.
    paypal.approveOrder(payment_id);
    const paid = await Promise.all([1, 2, 3].map(() => capturePaypal(t, attacker.auth, payment_id)));
    expect(statuses(paid)).toEqual([200, 200, 200]);
    for (const res of paid) expect(json(res, OrderResponse).order.status).toBe('paid');
    expect(paypal.order(payment_id)?.purchase_units[0]?.payments?.captures).toHaveLength(1);
  });
});
