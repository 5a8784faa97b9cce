/**
 * Load benchmark of POST api/stripe/webhook/ against a bare Fastify route, in the same run, on the same machine.
 * Every webhook request is a new checkout.session.completed event (a fresh id, signed like Stripe signs it), so
 * each one costs what a real delivery costs: the raw body, the HMAC check (constructEvent), and one transaction
 * that looks up the session and records the event id. A second target redelivers one event over and over (the
 * duplicate path); a third sends a forged signature (HMAC check and the 400, no database), which splits the
 * cost between verification and the transaction. Prints req/s, p99 and the ratios to the bare route (median of
 * alternating rounds).
 * Bounded: three rounds of BENCH_SECONDS (default 5) per target, 10 connections. Starts its own PostgreSQL and,
 * in a child process, bench-server.ts (the API with Stripe keys, and the bare route).
 * Run: `pnpm bench:webhook` in apps/api.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { connections, fmt, median, rounds, seconds, startBenchServers, type Sample } from './harness.js';

const secret = `whsec_${randomBytes(16).toString('hex')}`;
// Stripe keys for the webhook; nothing listens at the API base: an unknown session never calls Stripe.
const { ports, stop } = await startBenchServers({
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_WEBHOOK_SECRET: secret,
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});

/** A signed checkout.session.completed for a session the API does not know (recorded and acknowledged). */
function signedEvent(id = `evt_${randomBytes(12).toString('hex')}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${id}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 32339,
        currency: 'usd',
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

try {
  const webhookUrl = `http://127.0.0.1:${ports.api}/api/stripe/webhook/`;
  const check = await fetch(webhookUrl, { method: 'POST', ...signedEvent() });
  if (check.status !== 200) throw new Error(`webhook answered ${check.status}: ${await check.text()}`);
  const forged = await fetch(webhookUrl, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
  });
  if (forged.status !== 400) throw new Error(`a forged webhook answered ${forged.status}`);

  const duplicate = signedEvent();
  const targets = {
    hello: { url: `http://127.0.0.1:${ports.hello}/`, method: 'POST' as const, ...signedEvent() },
    webhook: {
      url: webhookUrl,
      method: 'POST' as const,
      // A new event per request: signing happens here, in the load generator, not in the measured server.
      requests: [{ setupRequest: (req: object) => ({ ...req, ...signedEvent() }) }],
    },
    redelivery: { url: webhookUrl, method: 'POST' as const, ...duplicate },
    forged: {
      url: webhookUrl,
      method: 'POST' as const,
      body: duplicate.body,
      headers: {
        ...duplicate.headers,
        'stripe-signature': duplicate.headers['stripe-signature'].replace(/v1=\w/, 'v1=0'),
      },
    },
  };
  type Name = keyof typeof targets;
  const run = async (name: Name, duration: number): Promise<Sample> => {
    const result = await autocannon({ ...targets[name], connections, duration });
    // The forged target must be refused (400) every time; the others must succeed every time.
    const refused =
      (result.statusCodeStats as Record<string, { count: number } | undefined>)['400']?.count ?? 0;
    const wrong = name === 'forged' ? result.requests.total - refused : result.non2xx;
    if (wrong > 0 || result.errors > 0)
      throw new Error(`${name}: ${wrong} unexpected answers, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };

  for (const name of Object.keys(targets) as Name[]) await run(name, 1); // warm up (JIT, pools)
  const results: Record<Name, Sample>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    results.push({
      hello: await run('hello', seconds),
      webhook: await run('webhook', seconds),
      redelivery: await run('redelivery', seconds),
      forged: await run('forged', seconds),
    });
  }
  console.info(`autocannon -c ${connections}, ${rounds} rounds × ${seconds} s per target`);
  results.forEach((r, i) => {
    console.info(
      `  round ${i + 1}: bare route ${fmt(r.hello)} | new events ${fmt(r.webhook)} | redelivery ${fmt(r.redelivery)} | forged ${fmt(r.forged)}`,
    );
  });
  const ratio = (name: Name) => {
    const by = (r: (typeof results)[number]) => r[name].rps / r.hello.rps;
    return by(median(results, by));
  };
  console.info(`  ratio webhook (new events) / bare route (median): ${ratio('webhook').toFixed(2)}`);
  console.info(`  ratio webhook (redelivery) / bare route (median): ${ratio('redelivery').toFixed(2)}`);
  console.info(
    `  ratio forged signature (verify + 400) / bare route (median): ${ratio('forged').toFixed(2)}`,
  );
} finally {
  await stop();
}
