import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../core/auth/passwords.js';
import { createOrganization } from '../platform/organizations/organizations.service.js';
import { Membership } from '../platform/users/memberships.entity.js';
import { Role } from '../core/roles.js';
import { User } from '../platform/users/users.entity.js';
import { normalizeEmail } from '../platform/users/users.service.js';
import type { Organization } from '../platform/organizations/organizations.entity.js';
import type { Services } from '../core/context.js';
import { randomName } from './app.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let cachedHash: Promise<string> | undefined;

export function createOrg(services: Services, name = randomName('Association ')) {
  return createOrganization(services, { name });
}

export async function createUser(
  services: Services,
  opts: {
    email?: string;
    password?: string;
    isSuperadmin?: boolean;
    // The first-sign-in tour covers the app; most tests (and journeys) are about something else.
    hasSeenIntro?: boolean;
    memberships?: { org: Organization; role?: Role }[];
  } = {},
): Promise<User> {
  const em = services.platformOrm.em.fork() as EntityManager;
  // Hashing is deliberately slow; reuse one hash of the shared test password.
  const passwordHash = opts.password
    ? await hashPassword(opts.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const user = em.create(User, {
    email: normalizeEmail(opts.email ?? `${randomName('user-')}@example.test`),
    passwordHash,
    isSuperadmin: opts.isSuperadmin ?? false,
    hasSeenIntro: opts.hasSeenIntro ?? true,
  });
  for (const m of opts.memberships ?? []) {
    em.create(Membership, { user, organization: m.org.id, role: m.role ?? Role.ADMIN });
  }
  await em.flush();
  return user;
}

export function tokenFor(services: Services, user: User, org: Organization | null) {
  return services.tokens.sign({ userId: user.id, orgId: org?.id ?? null });
}
