import path from 'node:path';
import { z } from 'zod';
import { SAMPLE_SELLER } from '@swapu/shared/purchases';
import { dataDirSecret } from './lib/data-dir-secret';
import { isLocalOnly } from './lib/deployment';
import { PASSWORD_HASHINGS, type PasswordHashing } from './lib/passwords';
import { type PushConfig, vapidConfig } from './lib/vapid';
import type { S3Config } from './lib/s3-storage';
import { DEFAULT_WEB_DIST } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An empty value (GOOGLE_CLIENT_ID= in a compose file) means unset. */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** Every environment variable the server reads (listed in .env.example and the README). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: loopback when PUBLIC_URL is unset too (a developer's own machine), every interface otherwise.
  HOST: optionalString,
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: seed an empty embedded (PGlite) database on a loopback-only server; true: seed an empty
  // database of either kind (still loopback only); false: never.
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  WEB_DIST: z.string().optional(),
  // false, true (= one proxy hop), a hop count, or comma-separated proxy addresses/CIDRs.
  TRUST_PROXY: z.string().default('false'),
  JWT_SECRET: z.string().min(32).optional(),
  ADMIN_EMAILS: z.string().default(''),
  // An empty value (SMTP_URL= in a compose file) means unset: mail stays in the outbox.
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .url()
      .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('SwapU <no-reply@swapu.au>'),
  // Web Push (decision 0053): the VAPID key pair, base64url (both, the same on every instance; unset: generated
  // into DATA_DIR/vapid-keys), and the contact for push services (unset: MAIL_FROM's address).
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  // The scraper's bearer token for /api/metrics (admins may read it with their own token).
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(24).optional()),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  // Campaign mails (issue 20) moved into the outbox per minute, across every server instance.
  CAMPAIGN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  SHARED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // How long a server render of a page may take before the page goes out without it.
  RENDER_BUDGET_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  // At most a second: a ban, role or subscription change must take effect within one.
  VIEWER_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  // SIGTERM (decision 0041): /api/ready answers 503 for SHUTDOWN_DRAIN_MS while everything else is
  // served, so the balancer's health check takes the instance out before its listener closes; then
  // requests in flight, WebSockets (closed with 1012) and background work get SHUTDOWN_TIMEOUT_MS
  // (no drain by default in development: `npm run dev` restarts on every change).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  // Load shedding (decision 0042): past either bound a request gets 503 busy with Retry-After at once, not queued; 0
  // turns a bound off. The event-loop bound is off in tests: PGlite blocks the loop on a slow query, and a test must not be refused.
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(32),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  OVERLOAD_TARGET_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  // A staging site on a public address that takes no real money and books no real courier: it may run
  // the local payment provider and courier simulator, and says so on every page, checkout, receipt,
  // label and mail. Without it, a public server refuses to start with either (lib/deployment.ts).
  TEST_MODE: bool,
  // Test-only endpoints under /api/test (the journeys' way to expire an offer now). Never set it on a real server.
  SWAPU_TEST_HOOKS: bool,
  // A new password hash's cost (lib/passwords.ts): `fast` for tests on a loopback test server only.
  PASSWORD_HASHING: z.enum(PASSWORD_HASHINGS).default('standard'),
  // Developer pages (/dev/mail, /api/v1/dev/*): on by default in development and test, never in production.
  DEV_PAGES: z.enum(['true', 'false', '1', '0', '']).optional(),
  // Key (32+ characters) for secrets kept at rest (TOTP secrets, links waiting in the outbox);
  // generated into DATA_DIR/data-key when unset. Set it when running several instances.
  ENCRYPTION_KEY: z.string().min(32).optional(),
  // Google sign-in (OIDC) is on when both the client id and secret are set; likewise Facebook.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_AUTH_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v19.0'),
  // The seller on tax invoices (receipts): the operator's legal name, ABN (11 digits) and address.
  // Unset on a demo or staging site: a clearly marked sample; a public server with live payments
  // refuses to start without all three (lib/deployment.ts).
  SELLER_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_ABN: z
    .string()
    .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'an ABN is 11 digits')
    .optional(),
  // Payments (docs/decisions/0023): the embedded local checkout, or Stripe (which needs its secret
  // key and webhook signing secret; the publishable key is for the web app only).
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  // Tests only: a local stand-in for the Stripe API (http://127.0.0.1:12111).
  STRIPE_API_BASE: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  // Delivery (docs/decisions/0025): the local courier simulator (a parcel moves one tracking step every
  // DELIVERY_SIM_STEP_SECONDS), or Sendle's API (its base URL, account id and API key; Basic authentication).
  DELIVERY_COURIER: z.enum(['local', 'sendle']).default('local'),
  SENDLE_BASE_URL: z.string().url().default('https://api.sendle.com'),
  SENDLE_ID: optionalString,
  SENDLE_API_KEY: optionalString,
  DELIVERY_SIM_STEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  // Uploaded photos (docs/decisions/0040): the local folder DATA_DIR/uploads, or an S3-compatible
  // bucket (AWS S3, Cloudflare R2, MinIO). The S3_* variables alone switch nothing: storage:copy
  // reads them to fill the bucket, and STORAGE_DRIVER=s3 then moves the server onto it.
  STORAGE_DRIVER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['local', 's3']).default('local')),
  S3_BUCKET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name is 3-63 lower-case letters, digits, dots and hyphens')
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  // A CDN (or the bucket's public address) the browser fetches photos from instead of /media/.
  MEDIA_PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://')
      .optional(),
  ),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  /** TEST_MODE: a staging site saying on every page, checkout, receipt, label and mail that no money is taken and no
   * courier comes; the only way a public server may run the local payment provider or courier simulator. */
  testMode: boolean;
  /** SWAPU_TEST_HOOKS: the /api/test endpoints exist (journeys only; loopback development/test servers only). */
  testHooks: boolean;
  /** PASSWORD_HASHING: `standard` (argon2id, 19 MiB, two passes) or `fast`, loopback test servers only (lib/passwords.ts). */
  passwordHashing: PasswordHashing;
  /** The developer pages (/dev/mail and /api/v1/dev/*): development/test on loopback only. */
  devPages: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  /** Seed the demo marketplace into an empty database at start (resolved from SEED_DEMO). */
  seedDemo: boolean;
  webDist: string;
  /** false, a number of proxy hops, or the proxies' addresses/CIDRs (never "trust everyone"). */
  trustProxy: false | number | string;
  /** HMAC key for access tokens; generated into DATA_DIR on first start when not configured. */
  jwtSecret: string;
  /** Key for secrets at rest (AES-256-GCM through lib/secret-box.ts). */
  encryptionKey: string;
  /** Accounts with these emails are made admins when they sign up or sign in. */
  adminEmails: string[];
  /** Mail is delivered through this SMTP server when set; otherwise it stays in the outbox. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /** Web Push's VAPID keys and contact (lib/vapid.ts). */
  push: PushConfig;
  /** Bearer token a Prometheus scraper sends to /api/metrics (METRICS_TOKEN); unset: admins only. */
  metricsToken: string | undefined;
  /**
   * How long viewers who see the same thing (guests and members without early access, or
   * subscribers and admins) may share a rendering of the feed or a post page (0 turns it off).
   */
  /** New accounts one IP may create in an hour (RATE_LIMITS.signUp's default). */
  signUpPerHour: number;
  /** Campaign mails moved into the outbox per minute (CAMPAIGN_RATE_PER_MINUTE), shared by every instance. */
  campaignRatePerMinute: number;
  sharedCacheMs: number;
  /** How long a server render may take before the page goes out unrendered (the browser renders it then). */
  renderBudgetMs: number;
  /** How long a signed-in account's state is kept in memory (at most 1 s; 0 reads it on every request). */
  viewerCacheMs: number;
  /**
   * SIGTERM: how long /api/ready answers 503 before the listener closes (drainMs), then how long
   * requests in flight and background work get before the process exits anyway (timeoutMs).
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /**
   * Load shedding (lib/load-shedding.ts): the most requests answered at once, the mean event-loop
   * delay past which new requests are refused (0: either bound off), and the Retry-After sent.
   */
  overload: {
    maxInFlight: number;
    maxEventLoopDelayMs: number;
    retryAfterSeconds: number;
    /** The accepted answers' p90 the in-flight bound adapts to (lib/adaptive-limit.ts); 0/absent: fixed. */
    targetMs?: number;
    /** How often the bound adapts (100 ms; not a setting: tests turn it by hand). */
    adaptEveryMs?: number;
  };
  /**
   * The seller on receipts (tax invoices): SELLER_NAME, SELLER_ABN and SELLER_ADDRESS, or the
   * marked sample (SAMPLE_SELLER) when none is set; an ABN left unset alone is null (the receipt
   * says it is not configured).
   */
  seller: { name: string; abn: string | null; address: string };
  /** The SELLER_* variables left unset (a public server with live payments needs them all). */
  sellerMissing: string[];
  /** Google sign-in (OpenID Connect); undefined when not configured. */
  google: OidcProviderConfig | undefined;
  /** Facebook sign-in (OAuth 2 + Graph /me); undefined when not configured. */
  facebook: FacebookProviderConfig | undefined;
  /** Who takes payments (PAYMENTS_PROVIDER): the embedded local checkout, or Stripe. */
  payments: PaymentsConfig;
  /** Which courier books deliveries (DELIVERY_COURIER), and the simulator's pace. */
  delivery: DeliveryConfig;
  /** Where uploaded files live (STORAGE_DRIVER, S3_*) and where browsers fetch them (MEDIA_PUBLIC_URL). */
  storage: StorageConfig;
};

export interface StorageConfig {
  /** local: DATA_DIR/uploads (the embedded default); s3: the bucket in `s3`. */
  driver: 'local' | 's3';
  /** The bucket, when S3_BUCKET is set (whatever the driver: storage:copy fills it before the switch). */
  s3: S3Config | undefined;
  /** MEDIA_PUBLIC_URL without its trailing slash: photo URLs start with it instead of /media/. */
  mediaPublicUrl: string | undefined;
}

export type DeliveryConfig = { simStepMs: number } & (
  { courier: 'local' } | { courier: 'sendle'; baseUrl: string; sendleId: string; apiKey: string }
);

export type PaymentsConfig =
  | { provider: 'local' }
  | {
      provider: 'stripe';
      secretKey: string;
      /** Verifies the webhooks' signatures (whsec_…). */
      webhookSecret: string;
      /** For the web app only (pk_…); the server never uses it. */
      publishableKey: string | undefined;
      /** An API base URL other than Stripe's (a local stand-in in tests). */
      apiBase: string | undefined;
    };

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface FacebookProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
}

/**
 * TRUST_PROXY as Fastify takes it. "true" means one hop (the proxy in front of us), never
 * "trust every X-Forwarded-For entry", which would let a client choose its own IP address and
 * walk around every per-IP limit.
 */
export function parseTrustProxy(value: string): false | number | string {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

/** PAYMENTS_PROVIDER and the STRIPE_* variables; Stripe without its secrets is refused by name. */
function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig | string[] {
  if (e.PAYMENTS_PROVIDER === 'local') return { provider: 'local' };
  const problems: string[] = [];
  const need = (name: string, value: string | undefined, prefixes: string[]) => {
    if (!value) problems.push(`  ${name}: required when PAYMENTS_PROVIDER=stripe`);
    else if (!prefixes.some((p) => value.startsWith(p))) problems.push(`  ${name}: must start with ${prefixes.join(' or ')}`);
  };
  // A secret or restricted key; a publishable key here would be a mistake worth stopping for.
  need('STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY, ['sk_', 'rk_']);
  need('STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET, ['whsec_']);
  if (e.STRIPE_PUBLISHABLE_KEY && !e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_'))
    problems.push('  STRIPE_PUBLISHABLE_KEY: must start with pk_');
  if (problems.length) return problems;
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    apiBase: e.STRIPE_API_BASE,
  };
}

/** DELIVERY_COURIER and the SENDLE_* variables; Sendle without its credentials is refused by name. */
function deliveryConfig(e: z.infer<typeof EnvSchema>): DeliveryConfig | string[] {
  const simStepMs = e.DELIVERY_SIM_STEP_SECONDS * 1000;
  if (e.DELIVERY_COURIER === 'local') return { courier: 'local', simStepMs };
  const problems = (['SENDLE_ID', 'SENDLE_API_KEY'] as const)
    .filter((name) => !e[name])
    .map((name) => `  ${name}: required when DELIVERY_COURIER=sendle`);
  if (problems.length) return problems;
  return {
    courier: 'sendle',
    simStepMs,
    baseUrl: e.SENDLE_BASE_URL.replace(/\/+$/, ''),
    sendleId: e.SENDLE_ID!,
    apiKey: e.SENDLE_API_KEY!,
  };
}

/** STORAGE_DRIVER, the S3_* variables and MEDIA_PUBLIC_URL; a bucket without what it needs is refused by name. */
function storageConfig(e: z.infer<typeof EnvSchema>, publicUrl: string): StorageConfig | string[] {
  const problems: string[] = [];
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    problems.push("  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the SDK's default credentials");
  // An https site cannot show photos from an http address (mixed content).
  if (e.MEDIA_PUBLIC_URL?.startsWith('http://') && publicUrl.startsWith('https://'))
    problems.push('  MEDIA_PUBLIC_URL: must be https when PUBLIC_URL is');
  if (problems.length) return problems;
  return {
    driver: e.STORAGE_DRIVER,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** The seller on tax invoices: as configured, or the marked sample when nothing is. */
function sellerOf(e: z.infer<typeof EnvSchema>): Config['seller'] {
  if (!e.SELLER_NAME && !e.SELLER_ABN && !e.SELLER_ADDRESS) return { ...SAMPLE_SELLER };
  return {
    name: e.SELLER_NAME ?? 'SwapU',
    abn: e.SELLER_ABN ? e.SELLER_ABN.replace(/\D/g, '').replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4') : null,
    address: e.SELLER_ADDRESS ?? '',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const payments = overrides.payments ?? paymentsConfig(e);
  if (Array.isArray(payments)) throw new Error(`Invalid environment:\n${payments.join('\n')}`);
  const delivery = overrides.delivery ?? deliveryConfig(e);
  if (Array.isArray(delivery)) throw new Error(`Invalid environment:\n${delivery.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const push = overrides.push ?? vapidConfig(e, dataDir, e.MAIL_FROM);
  if (Array.isArray(push)) throw new Error(`Invalid environment:\n${push.join('\n')}`);
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const storage = overrides.storage ?? storageConfig(e, publicUrl);
  if (Array.isArray(storage)) throw new Error(`Invalid environment:\n${storage.join('\n')}`);
  const host = overrides.host ?? e.HOST ?? (e.PUBLIC_URL ? '0.0.0.0' : '127.0.0.1');
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : e.DATABASE_URL;
  const local = isLocalOnly({ host, publicUrl });
  const config: Config = {
    env: e.NODE_ENV,
    testMode: e.TEST_MODE,
    testHooks: e.SWAPU_TEST_HOOKS,
    passwordHashing: e.PASSWORD_HASHING,
    devPages: e.DEV_PAGES === undefined || e.DEV_PAGES === '' ? e.NODE_ENV !== 'production' : e.DEV_PAGES === 'true' || e.DEV_PAGES === '1',
    port: e.PORT,
    host,
    publicUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true' || (e.SEED_DEMO === 'auto' && !databaseUrl && local),
    webDist: path.resolve(e.WEB_DIST ?? DEFAULT_WEB_DIST),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? dataDirSecret(dataDir, 'jwt-secret'),
    encryptionKey: overrides.encryptionKey ?? e.ENCRYPTION_KEY ?? dataDirSecret(dataDir, 'data-key'),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    push,
    metricsToken: e.METRICS_TOKEN,
    signUpPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    campaignRatePerMinute: e.CAMPAIGN_RATE_PER_MINUTE,
    sharedCacheMs: e.SHARED_CACHE_MS,
    renderBudgetMs: e.RENDER_BUDGET_MS,
    viewerCacheMs: e.VIEWER_CACHE_MS,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'development' ? 0 : 5000), timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    overload: {
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 200),
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
      targetMs: e.OVERLOAD_TARGET_MS,
    },
    seller: sellerOf(e),
    sellerMissing: (['SELLER_NAME', 'SELLER_ABN', 'SELLER_ADDRESS'] as const).filter((name) => !e[name]),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    facebook:
      e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: e.FACEBOOK_CLIENT_ID,
            clientSecret: e.FACEBOOK_CLIENT_SECRET,
            authUrl: e.FACEBOOK_AUTH_URL,
            tokenUrl: e.FACEBOOK_TOKEN_URL,
            graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
          }
        : undefined,
    payments,
    delivery,
    storage,
  };
  return { ...config, ...overrides };
}
