import { isIP } from 'node:net';
import { z } from 'zod';

// Every environment variable the API reads, parsed and validated once. Documented in
// docs/configuration.md.
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

// Which peers may tell the API the client's address in X-Forwarded-For (Express's `trust proxy`).
// The per-IP sign-in limit counts that address, so trusting too much lets anyone pick a fresh one
// per attempt, and trusting too little makes everyone behind the proxy one client.
//   a number n      → the n proxies nearest the API (nginx alone: 1)
//   addresses, CIDR → those proxies, comma-separated; `loopback`, `linklocal`, `uniquelocal` name
//                     the usual ranges
//   false           → nobody: the peer's own address is the client's
// `true` (the leftmost, client-chosen address) is refused.
export type TrustProxy = false | number | string[];

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyEntryProblem(entry: string): string | null {
  if (PROXY_RANGES.has(entry)) return null;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return `"${entry}" is not an address, a CIDR range or a range name`;
  if (bits === undefined) return null;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
    ? null
    : `"${entry}" has a prefix length outside 0–${max}`;
}

const trustProxy = z
  .string()
  .trim()
  .default('loopback')
  .transform((raw, ctx): TrustProxy => {
    if (raw === 'false') return false;
    if (raw === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true would trust any address a client writes; give the hop count or addresses',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(raw)) return Number(raw);
    const entries = raw.split(',').map((e) => e.trim());
    for (const entry of entries) {
      const problem = entry ? proxyEntryProblem(entry) : 'an empty entry';
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: `${problem}; expected a hop count, addresses or CIDR ranges (comma-separated), loopback, linklocal, uniquelocal, or false`,
        });
        return z.NEVER;
      }
    }
    return entries;
  });

// TENANT_CLUSTERS: the PostgreSQL clusters associations live on, a JSON array (docs/scale.md). A
// name is what organizations.db_cluster records, so it never changes once associations use it.
export const DEFAULT_MAX_TENANTS = 1000;
const postgresUrl = z
  .string()
  .url()
  .refine((u) => /^postgres(ql)?:\/\//.test(u), { message: 'must be a postgres:// URL' });
const clusterSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9-]{1,40}$/, {
      message: 'must be 1 to 40 lower-case letters, digits or hyphens',
    }),
    url: postgresUrl,
    poolerUrl: postgresUrl.optional(),
    connectionBudget: z.number().int().min(1).optional(),
    // What the tenants bench measured one cluster to hold with no errors.
    maxTenants: z.number().int().min(1).default(DEFAULT_MAX_TENANTS),
    accepting: z.boolean().default(true),
  })
  .strict();

function parseTenantClusters(raw: string, ctx: z.RefinementCtx): TenantClusterConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array of clusters' });
    return z.NEVER;
  }
  const parsed = z.array(clusterSchema).min(1).safeParse(json);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: `${i.path.join('.') || '(array)'} ${i.message}` });
    }
    return z.NEVER;
  }
  const seen = new Set<string>();
  for (const c of parsed.data) {
    if (seen.has(c.name)) {
      ctx.addIssue({ code: 'custom', message: `the cluster name "${c.name}" is used twice` });
      return z.NEVER;
    }
    seen.add(c.name);
  }
  return parsed.data;
}

// Dot-separated labels of letters, digits and inner hyphens (a passkey relying-party ID).
const DOMAIN_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATA_DIR: z.string().default('.data'),
  TENANT_TEMPLATE_DB: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .optional(),
  TENANT_POOL_MAX: z.coerce.number().int().min(1).default(1000),
  // Two, as PgBouncer's default_pool_size (deploy/pgbouncer.ini): on the tenants bench one
  // association alone answers faster with two than with four (fewer backends contend for the
  // cores), and a hot set of 40 keeps up with it (96 % against 63 % with four).
  TENANT_DB_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
  PLATFORM_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  TENANT_CONNECTION_BUDGET: z.coerce.number().int().min(1).optional(),
  TENANT_CONNECTION_QUEUE: z.coerce.number().int().min(0).default(500),
  TENANT_CONNECTION_WAIT_MS: z.coerce.number().int().min(10).default(2_000),
  DB_HEADROOM: z.coerce.number().int().min(0).default(10),
  DATABASE_POOLER_URL: z.string().url().optional(),
  TENANT_CLUSTERS: z.string().trim().transform(parseTenantClusters).optional(),
  // Where pg_dump and pg_restore are (npm run tenant:move); unset: found on PATH.
  PG_BIN_DIR: z.string().trim().min(1).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  // Seals small secrets at rest (vendor tax ids): 32 random bytes, base64.
  DATA_KEY: z
    .string()
    .refine((v) => Buffer.from(v.trim(), 'base64').length === 32, {
      message: 'must be 32 random bytes, base64 (openssl rand -base64 32)',
    })
    .optional(),
  MIGRATE_ON_START: bool,
  SEED_DEMO: bool,
  SERVE_WEB: bool,
  WEB_DIST: z.string().optional(),
  LOG_SQL: bool,
  // Structured logs (pino): the level, and the bearer token /metrics asks for when set.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, { message: 'must be at least 16 characters' })
    .optional(),
  OWNER_EMAIL: z.string().email().default('owner@covenant.example'),
  ALLOW_OPEN_REGISTRATION: bool,
  REDIS_URL: z.string().url().optional(),
  // Real email delivery (smtp:// or smtps://, credentials in the URL); the console stub otherwise.
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Covenant <no-reply@covenant.example>'),
  // The job queue (pg-boss on the platform database): whether this process runs jobs, how often an
  // idle worker looks, and how an email that could not go out at once is tried again.
  JOB_WORKERS: bool,
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  EMAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  COOKIE_SECURE: bool,
  ATTACHMENT_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  // An OpenAI-compatible chat-completions endpoint that rewrites the investment planner's words.
  AI_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  // A Chatwoot-compatible support chat: its SDK script and the website's (public) inbox token.
  SUPPORT_WIDGET_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' })
    .optional(),
  SUPPORT_WIDGET_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { message: 'must be letters, digits, - and _ only' })
    .optional(),
  // Passkeys: the relying-party ID (a domain, never an IP address) and the web app's origin.
  // Both default from PUBLIC_URL (http://localhost:<port> without it).
  WEBAUTHN_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(DOMAIN_NAME, {
      message: 'must be a domain name such as covenant.example (no scheme, port or path)',
    })
    .refine((v) => !isIP(v), { message: 'an IP address cannot be a relying-party ID' })
    .optional(),
  WEBAUTHN_ORIGIN: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' })
    .transform((v) => new URL(v).origin)
    .optional(),
  // Sign-in with Google / Microsoft Entra ID (OpenID Connect): each on when its client is set.
  // The *_ISSUER overrides exist for tests (a local provider); production keeps the real ones.
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().optional(),
  MICROSOFT_CLIENT_ID: z.string().trim().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().trim().min(1).optional(),
  MICROSOFT_TENANT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, { message: 'must be a directory (tenant) id or domain' })
    .refine((v) => !['common', 'organizations', 'consumers'].includes(v.toLowerCase()), {
      message: 'multi-tenant endpoints are not supported; give the directory (tenant) id',
    })
    .optional(),
  MICROSOFT_ISSUER: z.string().url().optional(),
  // Self-service sign-up through Stripe Checkout (secret key and webhook signing secret), the
  // price of each plan and interval, and the trial and past-due grace lengths.
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { message: 'must be a Stripe secret key (sk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  // Owners' online payments on the associations' own Stripe accounts (Stripe Connect): the signing
  // secret of the platform's Connect webhook endpoint (/webhooks/stripe/connect). Unset: online
  // payments are off.
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  // Where the Stripe API is (tests: a local stand-in); the real one otherwise.
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_PRICES: z.string().trim().optional(),
  BILLING_PLANS: z.string().trim().optional(),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(90).default(14),
  PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
});

// A plan of the pricing page. Limits bite where they matter (units, AI planning); null units is
// unlimited. Prices are whole cents; a contact-sales plan has none and no checkout.
export interface PlanConfig {
  level: 'starter' | 'professional' | 'enterprise';
  name: string;
  maxUnits: number | null;
  aiPlanning: boolean;
  monthlyCents: number | null;
  annualCents: number | null;
  contactSales: boolean;
}

export type BillingInterval = 'monthly' | 'annual';

export const DEFAULT_PLANS: PlanConfig[] = [
  {
    level: 'starter',
    name: 'Starter',
    maxUnits: 50,
    aiPlanning: false,
    monthlyCents: 3900,
    annualCents: 39000,
    contactSales: false,
  },
  {
    level: 'professional',
    name: 'Professional',
    maxUnits: 200,
    aiPlanning: true,
    monthlyCents: 9900,
    annualCents: 99000,
    contactSales: false,
  },
  {
    level: 'enterprise',
    name: 'Enterprise',
    maxUnits: null,
    aiPlanning: true,
    monthlyCents: null,
    annualCents: null,
    contactSales: true,
  },
];

const planSchema = z
  .array(
    z
      .object({
        level: z.enum(['starter', 'professional', 'enterprise']),
        name: z.string().trim().min(1).max(40),
        maxUnits: z.number().int().min(1).nullable(),
        aiPlanning: z.boolean(),
        monthlyCents: z.number().int().min(0).nullable(),
        annualCents: z.number().int().min(0).nullable(),
        contactSales: z.boolean().default(false),
      })
      .refine((p) => p.contactSales || (p.monthlyCents !== null && p.annualCents !== null), {
        message: 'a plan sold online needs monthlyCents and annualCents',
      }),
  )
  .min(1);

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  // The Connect endpoint's signing secret (owners' online payments); null or absent: off.
  connectWebhookSecret?: string | null;
  apiUrl: URL | null;
  // "<plan>:<interval>" → Stripe price id
  prices: Record<string, string>;
}

export interface BillingConfig {
  plans: PlanConfig[];
  stripe: StripeConfig | null;
  trialDays: number;
  graceDays: number;
}

function billingConfig(e: z.output<typeof schema>, production: boolean): BillingConfig {
  const fail = (name: string, message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${message}`);
  };
  let plans = DEFAULT_PLANS;
  if (e.BILLING_PLANS) {
    let json: unknown;
    try {
      json = JSON.parse(e.BILLING_PLANS);
    } catch {
      fail('BILLING_PLANS', 'must be a JSON array of plans');
    }
    const parsed = planSchema.safeParse(json);
    if (!parsed.success) {
      fail(
        'BILLING_PLANS',
        parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '),
      );
    }
    plans = parsed.data!;
  }
  if (!e.STRIPE_SECRET_KEY !== !e.STRIPE_WEBHOOK_SECRET) {
    fail(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
      'set both to take sign-ups through Stripe Checkout, or neither',
    );
  }
  if (e.STRIPE_CONNECT_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) {
    fail(
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      "online payments use the platform's Stripe key: set STRIPE_SECRET_KEY too",
    );
  }
  if (!e.STRIPE_SECRET_KEY)
    return { plans, stripe: null, trialDays: e.TRIAL_DAYS, graceDays: e.PAST_DUE_GRACE_DAYS };
  const prices: Record<string, string> = {};
  for (const entry of (e.STRIPE_PRICES ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^(\w+):(monthly|annual)=(price_[A-Za-z0-9_]+)$/.exec(entry);
    if (!m) fail('STRIPE_PRICES', `"${entry}" is not <plan>:<monthly|annual>=price_…`);
    prices[`${m![1]}:${m![2]}`] = m![3];
  }
  for (const p of plans.filter((x) => !x.contactSales)) {
    for (const interval of ['monthly', 'annual']) {
      if (!prices[`${p.level}:${interval}`]) {
        fail('STRIPE_PRICES', `no price for ${p.level}:${interval}`);
      }
    }
  }
  const apiUrl = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null;
  if (production && apiUrl && apiUrl.protocol !== 'https:') {
    fail('STRIPE_API_URL', 'must be https:// in production');
  }
  return {
    plans,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
      apiUrl,
      prices,
    },
    trialDays: e.TRIAL_DAYS,
    graceDays: e.PAST_DUE_GRACE_DAYS,
  };
}

export type RawEnv = z.input<typeof schema>;

// The AI provider of investment planning; kept structurally the same as the planner's
// ProviderConfig (core does not import modules).
export interface AiProviderConfig {
  url: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

// An OpenID Connect identity provider users may sign in with (see platform/sso).
export interface SsoClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

// The support chat widget. Its origin is the one the CSP lets in (script, connections, frames).
export interface SupportWidgetConfig {
  scriptUrl: string;
  websiteToken: string;
  origin: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  host: string;
  // Proxies whose X-Forwarded-For is believed (see TrustProxy above).
  trustProxy: TrustProxy;
  publicUrl?: string;
  databaseUrl?: string;
  embeddedPgPort: number;
  dataDir: string;
  tenantTemplateDb?: string;
  tenantPoolMax: number;
  tenantDbPoolSize: number;
  platformDbPoolSize: number;
  // How long a request's SQL statement may run, and how long a request waits for a connection,
  // before it gets SERVICE_UNAVAILABLE (migrations and provisioning are not bound by them).
  dbStatementTimeoutMs: number;
  dbAcquireTimeoutMs: number;
  // The connection budget all tenant pools of a cluster share (core/tenancy/connection-budget.ts).
  // Unset, it is the server's max_connections less its reserved slots, the platform pool and
  // dbHeadroom (connections left for migrations, provisioning, backups and psql); set, it must fit
  // in the same room, or start-up refuses. Behind PgBouncer it counts client connections to
  // PgBouncer and is not checked against the server.
  tenantConnectionBudget?: number;
  tenantConnectionQueue: number;
  tenantConnectionWaitMs: number;
  dbHeadroom: number;
  // PgBouncer (deploy/pgbouncer.ini) on the way to databaseUrl's server: requests (the platform
  // pool, the tenant pools) go through it; migrations, provisioning and other DDL go to the server
  // directly (they must not be cut short by the request statement timeout PgBouncer sets).
  databasePoolerUrl?: string;
  dbPooler: 'none' | 'pgbouncer';
  // The clusters associations live on (TENANT_CLUSTERS); null: one cluster named `default`, the
  // platform's server, with databasePoolerUrl and tenantConnectionBudget (core/tenancy/clusters.ts).
  tenantClusters: TenantClusterConfig[] | null;
  // pg_dump and pg_restore's directory for moves (PG_BIN_DIR); unset: PATH.
  pgBinDir?: string;
  jwtSecret?: string;
  dataKey?: string;
  migrateOnStart: boolean;
  // First start creates the platform owner (always) and the demo associations (seedDemo).
  seedOwner: boolean;
  seedDemo: boolean;
  serveWeb: boolean;
  webDist?: string;
  logSql: boolean;
  // Unset: info in production, warn in development (errors, no access lines), silent in tests.
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  // /metrics answers only a bearer of this token when set (see docs/configuration.md).
  metricsToken?: string;
  ownerEmail: string;
  allowOpenRegistration: boolean;
  redisUrl?: string;
  // Email goes out through this SMTP server when set; otherwise the console stub (email_log only).
  smtpUrl?: string;
  emailFrom: string;
  jobs: {
    work: boolean;
    pollingSeconds: number;
    // The first wait before a failed job (provisioning, a scheduled run) is tried again; doubling.
    retrySeconds: number;
    emailRetrySeconds: number;
    emailRetryLimit: number;
  };
  // login and register attempts per minute, per IP and per email
  authRateLimit: number;
  cookieSecure: boolean;
  attachmentMaxBytes: number;
  // Set when AI_API_URL and AI_MODEL are; the planner's own text otherwise.
  ai: AiProviderConfig | null;
  // Set when SUPPORT_WIDGET_URL and SUPPORT_WIDGET_TOKEN are; no widget (and no CSP entry) otherwise.
  supportWidget: SupportWidgetConfig | null;
  // Passkeys: unset means derived from the public URL when the server knows it (see passkeys).
  webauthnRpId?: string;
  webauthnOrigin?: string;
  // Identity providers: null when not configured (no button, no sign-in through it).
  sso: { google: SsoClientConfig | null; microsoft: SsoClientConfig | null };
  // Plans, Stripe (null: no checkout), trial and past-due grace.
  billing: BillingConfig;
}

// One PostgreSQL cluster of TENANT_CLUSTERS. `url` reaches the server directly (DDL, moves),
// `poolerUrl` its PgBouncer (requests); the connection budget is TENANT_CONNECTION_BUDGET's for
// this cluster; new associations go to the accepting cluster with the most room (maxTenants less
// the associations it has).
export interface TenantClusterConfig {
  name: string;
  url: string;
  poolerUrl?: string;
  connectionBudget?: number;
  maxTenants: number;
  accepting: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable is an unset one (compose's `${SUPPORT_WIDGET_URL:-}` passes it empty).
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  if (production && !e.DATA_KEY) {
    throw new ConfigError('Invalid configuration:\n  DATA_KEY: required in production');
  }
  if (!e.AI_API_URL !== !e.AI_MODEL) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_API_URL, AI_MODEL: set both to use an AI provider, or neither',
    );
  }
  if (!e.SUPPORT_WIDGET_URL !== !e.SUPPORT_WIDGET_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  SUPPORT_WIDGET_URL, SUPPORT_WIDGET_TOKEN: set both to show the support widget, or neither',
    );
  }
  if (!e.GOOGLE_CLIENT_ID !== !e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both to offer Google sign-in, or neither',
    );
  }
  const microsoft = [e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET, e.MICROSOFT_TENANT_ID];
  if (microsoft.some(Boolean) && !microsoft.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET, MICROSOFT_TENANT_ID: set all three to offer Microsoft sign-in, or none',
    );
  }
  // A plain-http issuer (a local test provider) would let tokens travel unencrypted.
  for (const [name, issuer] of [
    ['GOOGLE_ISSUER', e.GOOGLE_ISSUER],
    ['MICROSOFT_ISSUER', e.MICROSOFT_ISSUER],
  ] as const) {
    if (production && issuer && !issuer.startsWith('https://')) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: must be https:// in production`);
    }
  }
  // The browser refuses a relying-party ID that is not the origin's host or a parent domain of it.
  if (e.WEBAUTHN_RP_ID && e.WEBAUTHN_ORIGIN) {
    const host = new URL(e.WEBAUTHN_ORIGIN).hostname;
    if (host !== e.WEBAUTHN_RP_ID && !host.endsWith(`.${e.WEBAUTHN_RP_ID}`)) {
      throw new ConfigError(
        `Invalid configuration:\n  WEBAUTHN_RP_ID: must be ${host} or a parent domain of it (WEBAUTHN_ORIGIN)`,
      );
    }
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dataDir: e.DATA_DIR,
    tenantTemplateDb: e.TENANT_TEMPLATE_DB,
    tenantPoolMax: e.TENANT_POOL_MAX,
    tenantDbPoolSize: e.TENANT_DB_POOL_SIZE,
    platformDbPoolSize: e.PLATFORM_DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbAcquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    tenantConnectionBudget: e.TENANT_CONNECTION_BUDGET,
    tenantConnectionQueue: e.TENANT_CONNECTION_QUEUE,
    tenantConnectionWaitMs: e.TENANT_CONNECTION_WAIT_MS,
    dbHeadroom: e.DB_HEADROOM,
    databasePoolerUrl: e.DATABASE_POOLER_URL,
    dbPooler: e.DATABASE_POOLER_URL ? 'pgbouncer' : 'none',
    tenantClusters: e.TENANT_CLUSTERS ?? null,
    pgBinDir: e.PG_BIN_DIR,
    jwtSecret: e.JWT_SECRET,
    dataKey: e.DATA_KEY,
    // With an external database, production refuses to start on drift; development migrates.
    migrateOnStart: e.MIGRATE_ON_START ?? !production,
    seedOwner: true,
    seedDemo: e.SEED_DEMO ?? !production,
    serveWeb: e.SERVE_WEB ?? true,
    webDist: e.WEB_DIST,
    logSql: e.LOG_SQL ?? false,
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : e.NODE_ENV === 'test' ? 'silent' : 'warn'),
    metricsToken: e.METRICS_TOKEN,
    ownerEmail: e.OWNER_EMAIL.toLowerCase(),
    allowOpenRegistration: e.ALLOW_OPEN_REGISTRATION ?? false,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    jobs: {
      work: e.JOB_WORKERS ?? true,
      pollingSeconds: e.JOB_POLLING_SECONDS,
      retrySeconds: e.JOB_RETRY_SECONDS,
      emailRetrySeconds: e.EMAIL_RETRY_SECONDS,
      emailRetryLimit: e.EMAIL_RETRY_LIMIT,
    },
    authRateLimit: e.AUTH_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV !== 'development',
    attachmentMaxBytes: Math.round(e.ATTACHMENT_MAX_MB * 1024 * 1024),
    ai:
      e.AI_API_URL && e.AI_MODEL
        ? {
            url: e.AI_API_URL,
            apiKey: e.AI_API_KEY ?? null,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : null,
    supportWidget:
      e.SUPPORT_WIDGET_URL && e.SUPPORT_WIDGET_TOKEN
        ? {
            scriptUrl: e.SUPPORT_WIDGET_URL,
            websiteToken: e.SUPPORT_WIDGET_TOKEN,
            origin: new URL(e.SUPPORT_WIDGET_URL).origin,
          }
        : null,
    billing: billingConfig(e, production),
    webauthnRpId: e.WEBAUTHN_RP_ID,
    webauthnOrigin: e.WEBAUTHN_ORIGIN,
    sso: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              issuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com',
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
            }
          : null,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET && e.MICROSOFT_TENANT_ID
          ? {
              issuer:
                e.MICROSOFT_ISSUER ??
                `https://login.microsoftonline.com/${e.MICROSOFT_TENANT_ID}/v2.0`,
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
            }
          : null,
    },
  };
}
