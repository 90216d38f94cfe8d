import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generatePassword, hashPassword } from '../../core/auth/passwords.js';
import type { Services } from '../../core/context.js';
import { provisionTenantDatabase } from '../../core/tenancy/provision.js';
import { forgetTenant } from '../../core/tenancy/tenant-door.js';
import { Role } from '../../core/roles.js';
import { dropDatabase } from '../../db/connection.js';
import { Organization } from '../organizations/index.js';
import { Membership, User } from '../users/index.js';
import type { DemoProfile, DemoSummary } from './demo-books.js';
import {
  buildDemoBooks,
  createDemoOrganization,
  DEMO_PROFILES,
  type DemoCredential,
  demoBoardMembers,
} from './demo-seed.service.js';
import { demoPortalOwners, demoStripeAccount } from './demo-owner-portal.js';

export class DemoResetRefused extends Error {}

export interface DemoResetResult {
  summaries: DemoSummary[];
  // Sign-ins created because their user did not exist (existing admins keep their password).
  credentials: DemoCredential[];
}

// `npm run demo:reset`: the demo associations' books are rebuilt from scratch as of today. Each
// demo organization (found by its `demoProfile` column, which only the demo seeder writes: never
// by a setting or a name, which an association controls) gets a new tenant database from the
// template; the organization then points at it and the old database is dropped. The organization,
// its id, its members and their sign-ins stay; its calendar goes back to the demo's. A missing
// association is created with its admin; a missing admin is created with a new password
// (returned, to print once). Refused in production: it drops databases.
export async function resetDemo(
  services: Services,
  opts: { keys?: string[]; today?: string } = {},
): Promise<DemoResetResult> {
  if (services.config.production) {
    throw new DemoResetRefused('demo:reset is refused in production (NODE_ENV=production)');
  }
  const unknown = (opts.keys ?? []).filter((k) => !DEMO_PROFILES.some((p) => p.key === k));
  if (unknown.length) {
    throw new DemoResetRefused(
      `No demo association ${unknown.join(', ')}: the demos are ${DEMO_PROFILES.map((p) => p.key).join(', ')}`,
    );
  }
  const result: DemoResetResult = { summaries: [], credentials: [] };
  const profiles = DEMO_PROFILES.filter((p) => !opts.keys || opts.keys.includes(p.key));
  for (const profile of profiles) {
    const orgs = await demoOrganizations(services, profile);
    if (!orgs.length) orgs.push(await createDemoOrganization(services, profile));
    for (const org of orgs) {
      await freshBooks(services, org, profile);
      const admin = await ensureAdmin(services, org, profile, result.credentials);
      // The board members who approve bills, created (viewers) if they are missing.
      const em = services.platformOrm.em.fork() as EntityManager;
      const board = await demoBoardMembers(em, org, profile, admin, result.credentials);
      // The owner portal's owners (role OWNER), created if they are missing.
      const owners = await demoPortalOwners(em, org, profile.portal, result.credentials);
      await em.flush();
      if (profile.portal) await demoStripeAccount(em, org, admin.id);
      result.summaries.push(
        await buildDemoBooks(services, org.id, profile, {
          today: opts.today,
          actor: { userId: admin.id, orgId: org.id },
          board,
          owners,
        }),
      );
    }
  }
  return result;
}

// The organizations the seeder marked with the profile, oldest first.
export function demoOrganizations(services: Services, profile: DemoProfile) {
  const em = services.platformOrm.em.fork() as EntityManager;
  return em.find(Organization, { demoProfile: profile.key }, { orderBy: { createdAt: 'asc' } });
}

// A new tenant database for the organization, the organization moved onto it, the old one dropped.
async function freshBooks(services: Services, org: Organization, profile: DemoProfile) {
  const clusterUrl = services.clusterUrl(org.dbCluster);
  const oldDb = org.dbName;
  const dbName = `${services.platformDbName}_t_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const { schemaVersion } = await provisionTenantDatabase({
    clusterUrl,
    templateDb: services.tenantTemplateDb,
    dbName,
    orgId: org.id,
  });
  const em = services.platformOrm.em.fork() as EntityManager;
  const row = await em.findOneOrFail(Organization, org.id);
  row.dbName = dbName;
  row.schemaVersion = schemaVersion;
  row.timeZone = profile.timeZone;
  row.fiscalYearStartMonth = profile.fiscalYearStartMonth;
  await em.flush();
  forgetTenant(services, org.id);
  // Connections still open on the old books (this process's pool) are ended with it.
  await dropDatabase(clusterUrl, oldDb);
}

// The association's treasurer: the existing user (and an admin membership if it lost it), or a
// new user with a generated password.
async function ensureAdmin(
  services: Services,
  org: Organization,
  profile: DemoProfile,
  credentials: DemoCredential[],
): Promise<User> {
  const em = services.platformOrm.em.fork() as EntityManager;
  let user = await em.findOne(User, { email: profile.admin });
  if (!user) {
    const password = generatePassword();
    user = em.create(User, {
      email: profile.admin,
      name: `${profile.name} Treasurer`,
      passwordHash: await hashPassword(password),
      // As at the first start (demo-seed.service.ts): the demo's treasurer knows the app.
      hasSeenIntro: true,
    });
    credentials.push({ role: 'Tenant admin', email: user.email, password, organization: org.name });
  }
  const membership = await em.findOne(Membership, { user, organization: org.id });
  if (!membership) {
    em.create(Membership, { user, organization: org.id, role: Role.ADMIN });
  } else if (membership.role !== Role.ADMIN) {
    membership.role = Role.ADMIN;
  }
  await em.flush();
  services.memberships.invalidate(user.id, org.id);
  return user;
}
