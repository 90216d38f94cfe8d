import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Services } from '../context.js';
import { AppError, notFound } from '../errors/app-error.js';
import { OrganizationStatus } from '../roles.js';
import type { TenantEntry } from './tenant-directory.js';

// The one door into a tenant. GraphQL requests, HTTP routes (attachments, webhooks), seeds, CLIs
// and background jobs all come through here: orgId → directory (status, location) → status check
// → pool → a forked EntityManager. Nothing else touches the directory or the pool, so a status
// rule or an identity check added here holds for every way in.
type Door = Pick<Services, 'directory' | 'pool'>;

// The organization's directory entry (status and location), or null when there is none.
export function findTenant(services: Door, orgId: string): Promise<TenantEntry | null> {
  return services.directory.resolve(orgId);
}

// The tenant's ORM for an entry already looked up; only active organizations are opened.
export function tenantOrm(services: Door, org: TenantEntry): Promise<MikroORM> {
  if (org.status !== OrganizationStatus.ACTIVE) throw inactive(org);
  return services.pool.get(org.location, org.orgId);
}

export interface TenantSession {
  org: TenantEntry;
  em: EntityManager;
}

// orgId → an EntityManager of its own on the tenant's database. Unknown organization: NOT_FOUND;
// suspended or archived: ORG_INACTIVE.
export async function openTenant(services: Door, orgId: string): Promise<TenantSession> {
  const org = await findTenant(services, orgId);
  if (!org) throw notFound('Organization');
  const orm = await tenantOrm(services, org);
  return { org, em: orm.em.fork() as EntityManager };
}

// A status change or a move takes effect at once in this process (others within the directory's
// TTL): the directory entry goes, and so do the pool's ORM and checked identity for it.
export function forgetTenant(services: Door, orgId: string) {
  services.directory.invalidate(orgId);
  services.pool.forget(orgId);
}

export function inactive(org: TenantEntry) {
  return new AppError('ORG_INACTIVE', `This organization is ${org.status}`);
}
