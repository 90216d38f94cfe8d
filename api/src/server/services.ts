import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { TokenService } from '../core/auth/tokens.js';
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
  clusterUrl(cluster: string): string;
  platformDbName: string;
  tenantTemplateDb: string;
}
