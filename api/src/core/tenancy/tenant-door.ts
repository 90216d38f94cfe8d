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
// Changing what the door knows of a tenant also tells the other API processes.
type ChangingDoor = Door & Pick<Services, 'bus'>;

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

// A status change, a plan change or a move takes effect at once: the directory entry goes, and so
// does the pool's checked identity for it, here and (through the cache bus) in every other API
// process. A process that missed the message reads the directory again within its TTL.
export function forgetTenant(services: ChangingDoor, orgId: string) {
  forgetTenantHere(services, orgId);
  services.bus.publish('tenant', orgId);
}

// This process only: what a request does when the database says the tenant is not where, or not
// what, the cached entry says (frozen for a move), so that the next request reads the directory.
export function forgetTenantHere(services: Door, orgId: string) {
  services.directory.invalidate(orgId);
  services.pool.forget(orgId);
}

// Another process (or a CLI: a move) changed an organization: drop what this one cached of it.
// Applying our own message again (publish tells this process's subscribers too) is harmless.
export function followTenantChanges(services: ChangingDoor) {
  services.bus.subscribe('tenant', (orgId) => forgetTenantHere(services, orgId));
}

export function inactive(org: TenantEntry) {
  return new AppError('ORG_INACTIVE', `This organization is ${org.status}`);
}
