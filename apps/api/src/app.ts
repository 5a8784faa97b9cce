/**
 * The Bindery API as a Fastify app factory. server.ts only boots it; tests build it and drive it with inject.
 * Registration order: external plugins (config, db, security, docs), then our own (errors, auth), then routes.
 * @see fastify/demo src/app.ts
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { AccessLog } from './lib/access-log.js';
import type { Kysely } from 'kysely';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openDatabase } from './db/connect.js';
import type { DB } from './db/database.js';
import { fastifyTrustProxy, type Config } from './env.js';
import type { Access } from './lib/access.js';
import { limitConnectionsPerAddress, proxyAddresses, serverOptions, watchBodies } from './lib/http-limits.js';
import { ensurePrivateDirSync } from './lib/private-fs.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import jobs from './jobs/jobs.plugin.js';
import type { Clock } from './lib/clock.js';
import auth from './plugins/app/auth.js';
import catalog from './plugins/app/catalog/catalog.plugin.js';
import certificates from './plugins/app/certificates/certificates.plugin.js';
import checkout from './plugins/app/checkout/checkout.plugin.js';
import counts from './plugins/app/counts.plugin.js';
import errors from './plugins/app/errors.js';
import mail from './plugins/app/mail/mail.plugin.js';
import mailOutbox from './plugins/app/mail/mail-outbox.plugin.js';
import invoices from './plugins/app/invoices/invoices.plugin.js';
import orders from './plugins/app/orders/orders.plugin.js';
import payments from './plugins/app/payments/payments.plugin.js';
import production from './plugins/app/production/production.plugin.js';
import projects from './plugins/app/projects/projects.plugin.js';
import accounts from './plugins/app/users/accounts.plugin.js';
import apiKeys from './plugins/app/api-keys/api-keys.plugin.js';
import webhooks from './plugins/app/webhooks/webhooks.plugin.js';
import sessions from './plugins/app/users/sessions.plugin.js';
import sales from './plugins/app/sales/sales.plugin.js';
import configPlugin from './plugins/external/config.js';
import dbPlugin from './plugins/external/db.js';
import docs from './plugins/external/docs.js';
import rateLimit from './plugins/external/rate-limit.js';
import compress from './plugins/external/compress.js';
import security from './plugins/external/security.js';
import routes from './routes/index.js';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's request schemas (zod), as registered: the fuzz suite generates its inputs from them. */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: readonly string[] };
  /** Who may call it, as declared in the route's `config` (lib/access.ts); the matrix test holds it to that. */
  readonly access: Access | undefined;
  /** Whether the route ends the caller's session (`config.endsSession`, lib/access.ts). */
  readonly endsSession: boolean;
  /** Whether it was registered inside the admin tree (routes/admin/index.ts, which requires an admin for it). */
  readonly adminTree: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes registered, in order (see buildApp). */
    routeTable: readonly RouteEntry[];
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database owned by the caller (tests); otherwise opened from config and closed with the app. */
  db?: Kysely<DB>;
  logger?: FastifyServerOptions['logger'];
  /** Where "now" comes from (a test's manual clock); default the system clock. */
  clock?: Clock;
}

export async function buildApp({
  config,
  db,
  logger = false,
  clock,
}: BuildOptions): Promise<FastifyInstance> {
  // DATA_DIR holds the embedded database, secrets, the mail outbox and uploads: private (0700), also if it existed.
  ensurePrivateDirSync(config.dataDir);
  const app = Fastify({
    logger,
    // The spec's paths end in a slash (api/calculator/dropdowns/); clients may send either form.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The db plugin opens and migrates the database before anything else starts: PGlite's first start and a fresh
    // migration take seconds on a busy two-core machine, past Fastify's 10 s default (a start that died with
    // "Plugin did not start in time: 'db'"). PostgreSQL's own connect timeout still bounds a server that is away.
    pluginTimeout: 120_000,
    // Request ids in every log line, reused from a proxy's header when present.
    requestIdHeader: 'x-request-id',
    // One access line per request instead of Fastify's two (lib/access-log.ts).
    logController: new AccessLog(),
    // Headers, whole requests, keep-alive and idle connections bounded (lib/http-limits.ts, docs/decisions/0054).
    ...serverOptions(config.http),
  }).withTypeProvider<ZodTypeProvider>();
  // A body that stalls or trickles is cut (408); one address holds at most so many connections.
  watchBodies(app, config.http);
  limitConnectionsPerAddress(
    app.server,
    config.http.maxConnectionsPerAddress,
    proxyAddresses(config.trustProxy),
  );
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their contract in development and tests, only serialized in production.
  app.setSerializerCompiler(responseSerializerCompiler(config.responseChecks));
  // Every route as registered (method, path and request schemas), for the authorization matrix and the fuzz suite,
  // which must cover a route the day it is added (test/authorization-matrix.test.ts, test/fuzz.test.ts). HEAD and
  // OPTIONS are Fastify's own companions.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const { params, querystring, body, consumes } = (route.schema ?? {}) as NonNullable<RouteEntry['schema']>;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        routeTable.push({
          method,
          url: route.url,
          schema: { params, querystring, body, consumes },
          // Read when asked: a plugin's own onRoute hook (the docs') may declare it after this one has run.
          get access() {
            return route.config?.access;
          },
          get endsSession() {
            return route.config?.endsSession === true;
          },
          get adminTree() {
            return route.config?.adminTree === true;
          },
        });
    }
  });

  await app.register(configPlugin, { config });
  await app.register(errors);
  // Opened here rather than inside the db plugin: a first embedded start is PGlite's initdb, which takes seconds
  // that grow with the machine's load (7–20 s on a busy 2-core machine) and must not count against avvio's 10 s
  // plugin start budget. Migrations still run in the plugin.
  const database = db ?? (await openDatabase(config.database, { log: app.log }));
  await app.register(dbPlugin, { db: database, owned: !db });
  await app.register(jobs, { clock });
  await app.register(counts);
  await app.register(security);
  await app.register(compress);
  await app.register(rateLimit);
  await app.register(docs);
  await app.register(auth);
  await app.register(sessions);
  await app.register(mail);
  await app.register(mailOutbox);
  await app.register(accounts);
  await app.register(apiKeys);
  await app.register(webhooks);
  await app.register(catalog);
  await app.register(projects);
  await app.register(certificates);
  await app.register(checkout);
  await app.register(invoices);
  // The orders module refunds through the payments plugin's refunds module (a staff cancel after payment),
  // which in turn moves orders: the refunder is looked up when used. Likewise the payments module closes the open
  // payment attempts of an unpaid order that was canceled (ADR 0051).
  await app.register(orders, {
    refunder: {
      refundRemaining: (orderId, args) => app.refunds.refundRemaining(orderId, args),
      refundPart: async (orderId, args) => {
        await app.refunds.refundOrder(orderId, args);
      },
    },
    attempts: {
      closeAttempts: (orderIds) => app.payments.closeAttempts(orderIds),
      closeOrderAttempts: (orderId) => app.payments.closeOrderAttempts(orderId),
    },
  });
  await app.register(payments);
  await app.register(sales);
  await app.register(production);
  await app.register(routes, { prefix: '/api' });
  return app;
}
