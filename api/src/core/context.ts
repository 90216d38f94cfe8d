import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import type { ApiTokenLookup } from './auth/api-tokens.js';
import type { ClientMeta } from './auth/refresh-tokens.js';
import type { AuthRateLimiter } from './auth/rate-limit.js';
import type { AuthInfo, TokenService } from './auth/tokens.js';
import type { UrlSigner } from './auth/url-signing.js';
import type { CacheBus } from './cache-bus.js';
import type { SecretBox } from './crypto/secret-box.js';
import type { Mailer } from './email/mailer.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Loaders } from './loaders.js';
import type { Logger } from './observability/logger.js';
import type { Metrics } from './observability/metrics.js';
import type { Role } from './roles.js';
import type { Storage } from './storage/storage.js';
import type { ClusterRegistry } from './tenancy/clusters.js';
import type { TenantDirectory, TenantEntry } from './tenancy/tenant-directory.js';
import type { TenantPool } from './tenancy/tenant-pool.js';

// (user, organization) → role, from the membership row; implemented by the platform's membership
// directory and declared here so core and modules need not import the platform.
export interface MembershipLookup {
  role(userId: string, orgId: string): Promise<Role | null>;
  invalidate(userId: string, orgId: string): void;
  // The session version the user's access tokens must carry (null: no such user), and dropping it
  // once a change that ends the user's sessions has committed.
  sessionVersion(userId: string): Promise<number | null>;
  // The same for the super admin behind an impersonation: null once they are no longer one.
  impersonatorVersion(userId: string): Promise<number | null>;
  invalidateUser(userId: string): void;
  // Two-step sign-in: whether the user has it on (dropped by invalidateUser), and whether the
  // organization requires it of its members (dropped by invalidateOrganization).
  mfaEnabled(userId: string): Promise<boolean>;
  requiresMfa(orgId: string): Promise<boolean>;
  invalidateOrganization(orgId: string): void;
}

// The long-lived parts every request and background job reaches the databases through. The
// directory and the pool are for `core/tenancy/tenant-door.ts` only: everything else enters a
// tenant through that door.
export interface Services {
  config: Config;
  platformOrm: MikroORM;
  directory: TenantDirectory;
  pool: TenantPool;
  memberships: MembershipLookup;
  // Tells every API process to drop what it cached of a changed platform row (Redis pub/sub with
  // REDIS_URL, this process alone otherwise): core/cache-bus.ts.
  bus: CacheBus;
  // Personal API tokens (`Authorization: Bearer cov_pat_…`), looked up by hash, cached briefly.
  apiTokens: ApiTokenLookup;
  tokens: TokenService;
  rateLimiter: AuthRateLimiter;
  mailer: Mailer;
  // The durable job queue (pg-boss, platform database): scheduled and background work.
  jobs: JobQueue;
  storage: Storage;
  urlSigner: UrlSigner;
  // Seals small secrets at rest (vendor tax ids).
  secrets: SecretBox;
  // A cluster's server, reached directly (DDL, provisioning); `clusters` has the rest: each
  // cluster's pooler and budget, and where a new association goes.
  clusterUrl(cluster: string): string;
  clusters: ClusterRegistry;
  platformDbName: string;
  // Where the web app is reached (PUBLIC_URL, or http://localhost:<port> once listening). Links in
  // emails use it, never the request's Host header, which a caller controls.
  publicUrl: string;
  tenantTemplateDb: string;
  // The process's JSON logger and its /metrics registry (core/observability).
  logger: Logger;
  metrics: Metrics;
}

export interface Context {
  req: Request;
  res: Response;
  auth: AuthInfo | null;
  // The organization the token is for, with its status; null when the token names none.
  org: TenantEntry | null;
  // The caller's role in that organization, from the membership row (never from the token).
  role: Role | null;
  readonly platformEm: EntityManager;
  // The tenant's EntityManager; reading it outside an active membership throws.
  readonly em: EntityManager;
  // Caller's IP and user agent, for rate limits and login history.
  meta: ClientMeta;
  // The request's DataLoaders, typed by their definitions (`defineLoader`).
  loaders: Loaders;
  services: Services;
}
