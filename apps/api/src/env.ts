/**
 * The API's configuration, validated once at start-up. Nothing else reads process.env.
 * A bad value stops the process with one readable line per field instead of failing later.
 * @see epic-stack app/utils/env.server.ts
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ensurePrivateDirSync } from './lib/private-fs.js';
import type { ResponseChecks } from './lib/response-serializer.js';

const port = z.coerce.number().int().min(1).max(65535);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** The tax id an invoice of test payment mode shows when MERCHANT_TAX_ID is unset (docs/decisions/0075). */
export const TEST_MERCHANT_TAX_ID = 'TEST-00-0000000';

/** The settings that name a real payment provider; any of them means live payments unless told otherwise. */
const PROVIDER_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_API_BASE',
] as const;

export const EnvSchema = z
  .object({
    API_HOST: z.string().default('127.0.0.1'),
    API_PORT: port.default(3000),
    WEB_PORT: port.default(5173),
    ADMIN_PORT: port.default(5174),
    PUBLIC_WEB_URL: optionalUrl,
    PUBLIC_ADMIN_URL: optionalUrl,
    PUBLIC_API_URL: optionalUrl,
    /** Extra allowed CORS origins, comma-separated, besides the web and admin URLs. */
    CORS_ORIGINS: optionalText,
    /** PostgreSQL connection string. Unset: the embedded PGlite database under DATA_DIR. */
    DATABASE_URL: optionalText,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** Give up opening a connection (or waiting for a free one) after this long: a 503, never a hang. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    /** PostgreSQL cancels a statement (lock waits included) that runs longer: a 503 (migrations: no limit). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    DATA_DIR: z.string().default('./.data'),
    /** Signs access and refresh tokens. Required with DATABASE_URL; embedded mode generates and keeps one. */
    JWT_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    ACCESS_TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /** How long an instance may reuse what it read for an access token (docs/decisions/0025); 0: read every time. */
    AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /** How long an instance may reuse a list's "n of m" count (docs/decisions/0047); 0: count every time. */
    COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
    ADMIN_PASSWORD: optionalText,
    /** Receives cover expert requests (docs/decisions/0012). Unset: ADMIN_EMAIL, else the default admin's address. */
    COVER_EXPERT_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
    /** Who sells, as receipts name them (docs/decisions/0058): set both to the business's legal name and address. */
    MERCHANT_NAME: z.string().trim().min(1).max(200).default('Bindery'),
    MERCHANT_ADDRESS: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .default('100 Congress Ave, Austin, TX 78701, United States'),
    /** The seller's legal name and tax id on invoices (docs/decisions/0075); the legal name defaults to MERCHANT_NAME. */
    MERCHANT_LEGAL_NAME: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(200).optional()),
    MERCHANT_TAX_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(100).optional()),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('Bindery <no-reply@bindery.local>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.string().optional(),
    /**
     * validate: every response body is checked against its contract (zod) and a breach is a logged 500; serialize:
     * written from the contract's JSON Schema without the check, a fifth faster on a cheap route. Default:
     * validate under NODE_ENV development (`pnpm dev`) or test (vitest), else serialize: the built server of
     * `pnpm start` and the Docker image run as production (lib/response-serializer.ts, docs/decisions/0029).
     */
    RESPONSE_CHECKS: z.enum(['validate', 'serialize']).optional(),
    /**
     * Which proxies in front of the API may say who the client is (X-Forwarded-For), docs/decisions/0023:
     * `false` (none: the socket's address is the client), a hop count (`1` behind one nginx), or the proxies'
     * addresses/CIDRs, comma-separated. Never `true`: that trusts whatever a client writes into the header.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((value, ctx): TrustProxy => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    /**
     * test: Bindery's own Stripe and PayPal test servers, started by the API (tooling/payment-fakes); live: the
     * providers of the keys below, a method without keys is off. Unset: test when no key is set and there is no
     * DATABASE_URL (the README's run command), else live (docs/decisions/0028).
     */
    PAYMENTS_MODE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['test', 'live']).optional()),
    /** Card payments (Stripe Checkout): both keys or neither (docs/decisions/0014). */
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Another Stripe API origin, e.g. the local fake http://127.0.0.1:PORT (tooling/payment-fakes). */
    STRIPE_API_BASE: optionalUrl,
    /** PayPal (Orders v2): both or neither. */
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_API_BASE: optionalUrl,
    /** Periodic jobs (docs/decisions/0021): off only where something else drives them (the API tests). */
    JOBS_ENABLED: z.stringbool().default(true),
    /** How often each instance looks for due jobs. */
    JOBS_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    /** Reconciliation (docs/decisions/0022): how often it runs, and how old an open payment attempt must be. */
    RECONCILE_EVERY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(5),
    RECONCILE_AFTER_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(5),
    /**
     * Test payment mode only (docs/decisions/0064): the test Stripe's webhook is taken from loopback peers only
     * (the test servers run beside the API); true also takes it from other addresses (a test server elsewhere).
     */
    PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS: z.stringbool().default(false),
    /**
     * Test payment mode only (docs/decisions/0064): an open attempt the test servers could not answer about this
     * many times (their data went with a restart of the API) is marked failed, and its order expires as usual.
     */
    PAYMENTS_TEST_UNREACHABLE_LIMIT: z.coerce.number().int().min(1).max(1000).default(3),
    /**
     * Outbound webhooks (docs/decisions/0076) refuse target URLs that resolve to loopback, private or link-local
     * addresses (a key holder must not make the server call internal services); true allows them, for development
     * and tests only.
     */
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.stringbool().default(false),
    /** An order not paid within this many hours expires (docs/decisions/0020, 0022). */
    UNPAID_ORDER_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** The cancel window after payment: production starts no sooner (docs/decisions/0072); 0: at once. */
    PRODUCTION_DELAY_MINUTES: z.coerce.number().int().min(0).max(10080).default(60),
    /** An order on hold this long reminds the customer, twice this long staff (docs/decisions/0072). */
    HOLD_REMINDER_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    // --- files (docs/decisions/0026) ---
    /**
     * Worker threads that inspect uploads (page tree, PDF.js, image structure), each one file at a time. Default:
     * one core left to the event loop (1 on a 2-core machine, at most 2).
     */
    UPLOAD_INSPECT_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    /** Each inspection worker's heap limit: a file that needs more is refused. */
    UPLOAD_INSPECT_MEMORY_MB: z.coerce.number().int().min(64).max(4096).default(256),
    /** Time one file may take to inspect: a file that needs longer is refused. */
    UPLOAD_INSPECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
    /** An upload whose client sends nothing for this long is cut off and its staged bytes removed. */
    UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    /** An upload (any request) must have arrived whole within this many minutes (docs/decisions/0054). */
    UPLOAD_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
    /** A customer may keep this many MB in uploads waiting to be used and in draft projects (docs/decisions/0054). */
    UPLOAD_DRAFT_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
    // --- HTTP limits (docs/decisions/0054) ---
    /** A request's headers must have arrived within this many seconds. */
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    /** A request body that is not an upload may pause at most this long between two reads… */
    HTTP_BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    /** …and must have arrived whole within this long; past either it is answered 408 and its connection closed. */
    HTTP_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** An idle keep-alive connection is closed after this many seconds. */
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    /** A connection on which nothing is read or written for this long is closed (a client that stops reading). */
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /** Open connections one client address may hold (more are closed at once); 0: no limit. Not behind a hop count. */
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(256),
    /** S3-compatible object store for uploaded files; unset: DATA_DIR/uploads on the local disk. */
    S3_BUCKET: optionalText,
    /** Another endpoint than AWS (MinIO, a local test server): http(s)://host:port. */
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Path-style URLs (endpoint/bucket/key), which MinIO and most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when DATABASE_URL is set' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
    // Half a payment configuration is a mistake, not "disabled": say so at start-up.
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
      });
    }
    if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_CLIENT_SECRET'],
        message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when other S3_* variables are set',
      });
    }
    if (env.PAYMENTS_MODE === 'test') {
      const keys = PROVIDER_SETTINGS.filter((key) => env[key]);
      if (keys.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS_MODE'],
          message: `test runs Bindery's own test servers: unset ${keys.join(', ')} (or set PAYMENTS_MODE=live)`,
        });
      }
    }
    for (const key of ['STRIPE_API_BASE', 'PAYPAL_API_BASE', 'S3_ENDPOINT'] as const) {
      const value = env[key];
      if (value && !/^https?:$/.test(new URL(value).protocol)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'must be an http(s) URL' });
      }
    }
  });

export interface Config {
  host: string;
  port: number;
  webUrl: string;
  adminUrl: string;
  apiUrl: string;
  corsOrigins: string[];
  database: EmbeddedDatabaseConfig | PostgresDatabaseConfig;
  dataDir: string;
  jwtSecret: string;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  /** AUTH_CACHE_SECONDS in ms: the longest a revoked session may still pass on another instance. */
  authCacheMs: number;
  /** COUNT_CACHE_SECONDS in ms: the longest another instance's write may take to show in a list's count. */
  countCacheMs: number;
  admin?: { email: string; password: string };
  /** COVER_EXPERT_EMAIL, else ADMIN_EMAIL; undefined: the default admin's address. */
  coverExpertEmail?: string;
  /**
   * MERCHANT_NAME / MERCHANT_ADDRESS: the seller a receipt names; MERCHANT_LEGAL_NAME / MERCHANT_TAX_ID: the seller
   * an invoice names (docs/decisions/0075). In test payment mode the tax id has a placeholder; in live mode an
   * unset tax id is left off the invoice.
   */
  merchant: { name: string; address: string; legalName: string; taxId: string | null };
  smtpUrl?: string;
  mailFrom: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Responses checked against their contract, or only serialized (production). */
  responseChecks: ResponseChecks;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (docs/decisions/0023). */
  trustProxy: TrustProxy;
  /** The payment methods this server has keys for; an absent one is off (GET /api/config tells the SPA). */
  payments: PaymentsConfig;
  /** The job scheduler (src/jobs/). */
  jobs: { enabled: boolean; pollMs: number };
  /** Reconciliation of payment attempts (docs/decisions/0022). */
  money: { reconcileEveryMs: number; reconcileAfterMs: number };
  /** Test payment mode's own rules (docs/decisions/0064): ignored in live mode. */
  testPayments: { webhookAnyAddress: boolean; unreachableLimit: number };
  orders: OrdersConfig;
  /** Upload inspection workers and where files are stored (docs/decisions/0026). */
  files: FilesConfig;
  /** Request timeouts and connections per address (docs/decisions/0054; lib/http-limits.ts). */
  http: HttpLimits;
  /** Outbound webhooks (docs/decisions/0076): private targets allowed (development and tests only). */
  webhooks: { allowPrivateTargets: boolean };
}

/** Request timeouts and connections per address (lib/http-limits.ts, docs/decisions/0054). */
export interface HttpLimits {
  headersTimeoutMs: number;
  /** The whole request, headers and body, of any route (uploads included): Node's requestTimeout. */
  requestTimeoutMs: number;
  /** A body that is not multipart: the longest pause between two reads, and the whole body. */
  bodyIdleTimeoutMs: number;
  bodyTimeoutMs: number;
  /** A multipart body (an upload): the longest pause between two reads. */
  uploadIdleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Nothing read nor written on a connection for this long closes it. */
  idleTimeoutMs: number;
  /** Open sockets per client address; 0: no limit. */
  maxConnectionsPerAddress: number;
}

export interface OrdersConfig {
  /** UNPAID_ORDER_TTL_HOURS: an order placed and not paid within this time expires. */
  unpaidOrderTtlHours: number;
  /** PRODUCTION_DELAY_MINUTES in ms: the customer's cancel window after payment (docs/decisions/0072). */
  productionDelayMs: number;
  /** HOLD_REMINDER_HOURS in ms: a hold this old reminds the customer, twice this old staff. */
  holdReminderMs: number;
  /** ADMIN_EMAIL: where the staff's hold reminders go (unset: the timeline only). */
  staffEmail: string | undefined;
}

export interface FilesConfig {
  inspect: { workers: number; maxHeapMb: number; timeoutMs: number };
  /** UPLOAD_DRAFT_QUOTA_MB in bytes: pending uploads and draft projects' files per customer (docs/decisions/0054). */
  draftQuotaBytes: number;
  /** Unset: the local disk under DATA_DIR/uploads. Credentials unset: the SDK's default chain (IAM role, …). */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    forcePathStyle: boolean;
    credentials?: { accessKeyId: string; secretAccessKey: string };
  };
}

export interface EmbeddedDatabaseConfig {
  mode: 'embedded';
  dataDir: string;
}

export interface PostgresDatabaseConfig {
  mode: 'postgres';
  url: string;
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

export interface PaymentsConfig {
  /**
   * test: the providers below are Bindery's own test servers (started by start.ts before the app is built; until
   * then both are absent); live: real providers, each present only with its keys (docs/decisions/0028).
   */
  mode: 'test' | 'live';
  /** The Stripe SDK's host/port/protocol options: unset → api.stripe.com. */
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  paypal?: { clientId: string; clientSecret: string; apiBase: string };
}

export type TrustProxy = false | number | string[];

/** A named range proxy-addr knows, or an IPv4/IPv6 address with an optional prefix length. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY → Fastify's trustProxy, or the reason it is refused. */
export function parseTrustProxy(value: string): TrustProxy | string {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return 'true would trust any X-Forwarded-For a client sends (it could pick its own IP and escape every rate limit): give the number of proxies in front of the API (1 behind one nginx) or their addresses';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'must be a hop count of at most 10, or addresses';
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_NAMES.has(entry)) return false;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length > 0) return true;
    if (prefix === undefined) return false;
    return !/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
  if (entries.length === 0 || bad.length > 0) {
    return `must be false, a hop count, or proxy addresses/CIDRs (not: ${bad.join(', ') || value})`;
  }
  return entries;
}

/** Fastify's form: a hop count becomes "trust the first n hops" (its types take no number). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export class EnvError extends Error {}

/** Parse an environment into a Config. Throws EnvError listing every bad field. */
export function parseEnv(source: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const webUrl = stripSlash(env.PUBLIC_WEB_URL ?? `http://127.0.0.1:${env.WEB_PORT}`);
  const adminUrl = stripSlash(env.PUBLIC_ADMIN_URL ?? `http://127.0.0.1:${env.ADMIN_PORT}`);
  const apiUrl = stripSlash(env.PUBLIC_API_URL ?? `http://127.0.0.1:${env.API_PORT}`);
  const extra = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => stripSlash(s.trim()))
    .filter(Boolean);
  return {
    host: env.API_HOST,
    port: env.API_PORT,
    webUrl,
    adminUrl,
    apiUrl,
    corsOrigins: [...new Set([webUrl, adminUrl, ...extra].map((u) => new URL(u).origin))],
    database: env.DATABASE_URL
      ? {
          mode: 'postgres',
          url: env.DATABASE_URL,
          poolMax: env.DATABASE_POOL_MAX,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : { mode: 'embedded', dataDir: join(dataDir, 'pglite') },
    dataDir,
    jwtSecret: env.JWT_SECRET ?? embeddedSecret(dataDir),
    accessTokenTtlMinutes: env.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    authCacheMs: env.AUTH_CACHE_SECONDS * 1000,
    countCacheMs: env.COUNT_CACHE_SECONDS * 1000,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    coverExpertEmail: env.COVER_EXPERT_EMAIL ?? env.ADMIN_EMAIL,
    merchant: {
      name: env.MERCHANT_NAME,
      address: env.MERCHANT_ADDRESS,
      legalName: env.MERCHANT_LEGAL_NAME ?? env.MERCHANT_NAME,
      taxId: env.MERCHANT_TAX_ID ?? (paymentsMode(env) === 'test' ? TEST_MERCHANT_TAX_ID : null),
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    responseChecks:
      env.RESPONSE_CHECKS ??
      (env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'validate' : 'serialize'),
    trustProxy: env.TRUST_PROXY,
    payments: paymentsMode(env) === 'test' ? { mode: 'test' } : paymentsConfig(env),
    jobs: { enabled: env.JOBS_ENABLED, pollMs: env.JOBS_POLL_SECONDS * 1000 },
    money: {
      reconcileEveryMs: env.RECONCILE_EVERY_MINUTES * 60_000,
      reconcileAfterMs: env.RECONCILE_AFTER_MINUTES * 60_000,
    },
    webhooks: { allowPrivateTargets: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS },
    testPayments: {
      webhookAnyAddress: env.PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS,
      unreachableLimit: env.PAYMENTS_TEST_UNREACHABLE_LIMIT,
    },
    orders: {
      unpaidOrderTtlHours: env.UNPAID_ORDER_TTL_HOURS,
      productionDelayMs: env.PRODUCTION_DELAY_MINUTES * 60_000,
      holdReminderMs: env.HOLD_REMINDER_HOURS * 3600_000,
      staffEmail: env.ADMIN_EMAIL,
    },
    files: filesConfig(env),
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: env.UPLOAD_TIMEOUT_MINUTES * 60_000,
      bodyIdleTimeoutMs: env.HTTP_BODY_IDLE_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: env.HTTP_BODY_TIMEOUT_SECONDS * 1000,
      uploadIdleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: env.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
  };
}

const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

type ProviderEnv = Partial<Pick<z.infer<typeof EnvSchema>, (typeof PROVIDER_SETTINGS)[number]>>;

function paymentsMode(env: z.infer<typeof EnvSchema>): PaymentsConfig['mode'] {
  if (env.PAYMENTS_MODE) return env.PAYMENTS_MODE;
  // Keys say live; so does a database of its own (a deployment): without keys its payments stay off.
  return PROVIDER_SETTINGS.some((key) => env[key]) || env.DATABASE_URL ? 'live' : 'test';
}

/**
 * The providers of test mode: the running test servers' settings (apiEnv of @bindery/payment-fakes), read as the
 * same variables a live deployment sets, so both modes reach the SDKs through one code path.
 */
export function testPaymentsConfig(providers: Record<string, string>): PaymentsConfig {
  return { ...paymentsConfig(providers), mode: 'test' };
}

function paymentsConfig(env: ProviderEnv): PaymentsConfig {
  const payments: PaymentsConfig = { mode: 'live' };
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
    const protocol = base?.protocol === 'http:' ? 'http' : 'https';
    payments.stripe = {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      ...(base
        ? { host: base.hostname, port: Number(base.port) || (protocol === 'http' ? 80 : 443), protocol }
        : {}),
    };
  }
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    payments.paypal = {
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: stripSlash(env.PAYPAL_API_BASE ?? PAYPAL_SANDBOX),
    };
  }
  return payments;
}

function filesConfig(env: z.infer<typeof EnvSchema>): FilesConfig {
  return {
    inspect: {
      workers: env.UPLOAD_INSPECT_WORKERS ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
      maxHeapMb: env.UPLOAD_INSPECT_MEMORY_MB,
      timeoutMs: env.UPLOAD_INSPECT_TIMEOUT_SECONDS * 1000,
    },
    draftQuotaBytes: env.UPLOAD_DRAFT_QUOTA_MB * 1024 * 1024,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
  };
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Embedded mode needs zero set-up, yet tokens must survive a restart: generate a secret once and keep it
 * beside the database (mode 0600).
 */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  ensurePrivateDirSync(dataDir);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The process environment, read in this one place. */
export const processEnv = (): Record<string, string | undefined> => process.env;
