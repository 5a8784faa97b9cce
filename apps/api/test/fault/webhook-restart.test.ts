/**
 * Webhook deliveries survive a restart of the API mid-retry (docs/decisions/0076): the first attempt gets a 500, the
 * app stops; a new app started on the same database sends the retry from the outbox when it is due, with the same
 * event id and a valid signature.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import {
  CreateWebhookResponse,
  ListDeliveriesResponse,
  WebhookEvent,
} from '@bindery/contracts/store/webhooks';
import { buildApp } from '#app.js';
import { parseEnv } from '#env.js';
import { manualClock } from '#lib/clock.js';
import { verifySignature } from '#plugins/app/webhooks/signing.js';
import { TEST_JWT_SECRET } from '../constants.js';
import { createUser, defined, json, privateDatabase, request, type TestContext } from '../helper.js';
import { startReceiver } from '../webhook-receiver.js';

const receiver = await startReceiver();
const database = await privateDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'bindery-webhook-restart-'));
const clock = manualClock();
const config = parseEnv({
  ...(database.url ? { DATABASE_URL: database.url } : {}),
  JWT_SECRET: TEST_JWT_SECRET,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  JOBS_ENABLED: 'false',
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
});
// On PostgreSQL each app opens its own pool, as a restarted server does; the PGlite fallback shares the one handle.
if (database.url) await database.db.destroy();
const start = async (): Promise<TestContext> => {
  const app: FastifyInstance = await buildApp({
    config,
    clock,
    ...(database.url ? {} : { db: database.db }),
  });
  await app.ready();
  return { app, db: app.db, config, dataDir };
};

afterAll(async () => {
  await receiver.close();
  if (!database.url) await database.db.destroy();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

it('retries a failed delivery from the outbox after the API restarted', async () => {
  const first = await start();
  const customer = await createUser(first);
  const created = await request(first, {
    method: 'POST',
    url: '/api/users/me/webhooks/',
    headers: customer.auth,
    payload: { url: receiver.url, events: ['order.shipped'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { endpoint, secret } = json(created, CreateWebhookResponse);
  receiver.answers.push(500);
  const ids = await first.db.transaction().execute((trx) =>
    first.app.webhooks.enqueueWithin(trx, {
      id: 4242,
      userId: customer.user.id,
      orderNumber: 'BND-4242',
      status: 'shipped',
      previousStatus: 'in_production',
      carrier: 'DHL',
      trackingNumber: 'JD4242',
    }),
  );
  expect(ids).toHaveLength(1);
  first.app.webhooks.deliver(ids);
  await first.app.webhooks.drain();
  await receiver.next(1);
  await first.app.close();

  clock.advance(31_000);
  const second = await start();
  try {
    await second.app.jobs.tick();
    await receiver.next(2);
    const [failed, retried] = receiver.received.map((r) => ({
      ...r,
      event: WebhookEvent.parse(JSON.parse(r.body)),
    }));
    expect(defined(retried, 'the retry').event.id).toBe(defined(failed, 'the first attempt').event.id);
    expect(retried?.event.data.order).toMatchObject({ tracking_number: 'JD4242', carrier: 'DHL' });
    expect(
      verifySignature(
        secret,
        String(retried?.headers['bindery-signature']),
        retried?.body ?? '',
        Math.floor(clock.now().getTime() / 1000),
      ),
    ).toBe(true);
    const log = json(
      await request(second, {
        method: 'GET',
        url: `/api/users/me/webhooks/${endpoint.id}/deliveries/`,
        headers: customer.auth,
      }),
      ListDeliveriesResponse,
    );
    expect(log.data[0]).toMatchObject({ status: 'delivered', attempts: 2, last_response_code: 200 });
  } finally {
    await second.app.close();
  }
});
