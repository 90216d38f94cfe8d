import { z } from 'zod';

// Every environment variable the API reads, parsed and validated once. Documented in README.md.
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATA_DIR: z.string().default('.data'),
  TENANT_TEMPLATE_DB: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .optional(),
  TENANT_POOL_MAX: z.coerce.number().int().min(1).default(50),
  TENANT_DB_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(4),
  PLATFORM_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
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
  OWNER_EMAIL: z.string().email().default('owner@covenant.example'),
  ALLOW_OPEN_REGISTRATION: bool,
  REDIS_URL: z.string().url().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  COOKIE_SECURE: bool,
  ATTACHMENT_MAX_MB: z.coerce.number().positive().max(1024).default(20),
});

export type RawEnv = z.input<typeof schema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  host: string;
  publicUrl?: string;
  databaseUrl?: string;
  embeddedPgPort: number;
  dataDir: string;
  tenantTemplateDb?: string;
  tenantPoolMax: number;
  tenantDbPoolSize: number;
  platformDbPoolSize: number;
  jwtSecret?: string;
  dataKey?: string;
  migrateOnStart: boolean;
  // First start creates the platform owner (always) and the demo associations (seedDemo).
  seedOwner: boolean;
  seedDemo: boolean;
  serveWeb: boolean;
  webDist?: string;
  logSql: boolean;
  ownerEmail: string;
  allowOpenRegistration: boolean;
  redisUrl?: string;
  // login and register attempts per minute, per IP and per email
  authRateLimit: number;
  cookieSecure: boolean;
  attachmentMaxBytes: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
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
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dataDir: e.DATA_DIR,
    tenantTemplateDb: e.TENANT_TEMPLATE_DB,
    tenantPoolMax: e.TENANT_POOL_MAX,
    tenantDbPoolSize: e.TENANT_DB_POOL_SIZE,
    platformDbPoolSize: e.PLATFORM_DB_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    dataKey: e.DATA_KEY,
    // With an external database, production refuses to start on drift; development migrates.
    migrateOnStart: e.MIGRATE_ON_START ?? !production,
    seedOwner: true,
    seedDemo: e.SEED_DEMO ?? !production,
    serveWeb: e.SERVE_WEB ?? true,
    webDist: e.WEB_DIST,
    logSql: e.LOG_SQL ?? false,
    ownerEmail: e.OWNER_EMAIL.toLowerCase(),
    allowOpenRegistration: e.ALLOW_OPEN_REGISTRATION ?? false,
    redisUrl: e.REDIS_URL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV !== 'development',
    attachmentMaxBytes: Math.round(e.ATTACHMENT_MAX_MB * 1024 * 1024),
  };
}
