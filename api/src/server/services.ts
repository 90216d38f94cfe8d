import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { AuthRateLimiter } from '../core/auth/rate-limit.js';
import type { TokenService } from '../core/auth/tokens.js';
import type { Mailer } from '../core/email/mailer.js';
import type { UrlSigner } from '../core/auth/url-signing.js';
import type { SecretBox } from '../core/crypto/secret-box.js';
import type { Storage } from '../core/storage/storage.js';
import type { TenantDirectory } from '../core/tenancy/tenant-directory.js';
import type { TenantPool } from '../core/tenancy/tenant-pool.js';
import type { MembershipDirectory } from '../platform/users/membership-directory.js';

// The long-lived parts every request and background job reaches the databases through.
export interface Services {
  config: Config;
  platformOrm: MikroORM;
  directory: TenantDirectory;
  pool: TenantPool;
  memberships: MembershipDirectory;
  tokens: TokenService;
  rateLimiter: AuthRateLimiter;
  mailer: Mailer;
  storage: Storage;
  urlSigner: UrlSigner;
  // Seals small secrets at rest (vendor tax ids).
  secrets: SecretBox;
  clusterUrl(cluster: string): string;
  platformDbName: string;
  // Where the web app is reached (PUBLIC_URL, or http://localhost:<port> once listening).
  publicUrl: string;
  tenantTemplateDb: string;
}
