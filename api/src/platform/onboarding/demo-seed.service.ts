import { updateAutomation } from '../automation/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generatePassword, hashPassword } from '../../core/auth/passwords.js';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Services } from '../../core/context.js';
import { addMonths, todayIn } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import {
  createOrganization,
  updateOrganizationSettings,
  Organization,
} from '../organizations/index.js';
import { Membership, User } from '../users/index.js';
import {
  seedDemoApiTokens,
  seedDemoIdeas,
  seedDemoImpersonation,
  seedDemoSignIns,
} from './demo-activity.js';
import { BoardTitle } from '../../modules/payables/index.js';
import { DemoBooks, type DemoProfile, type DemoSummary } from './demo-books.js';
import type { DemoSeat } from './demo-payables.js';
import { type DemoOwnerSeat, demoPortalOwners, demoStripeAccount } from './demo-owner-portal.js';
import { HARBOR_POINT } from './demo-harbor-point.js';
import { MAPLE_RIDGE } from './demo-maple-ridge.js';

export interface DemoCredential {
  role: string;
  email: string;
  password: string;
  organization?: string;
}

// The demo associations, each built by its profile. Its key is kept in the organization's
// `demoProfile` column (the platform's, never a setting), which is how `npm run demo:reset` finds
// it again.
export const DEMO_PROFILES: DemoProfile[] = [MAPLE_RIDGE, HARBOR_POINT];

// A demo association's organization, with its calendar and its demo mark.
export async function createDemoOrganization(
  services: Services,
  profile: DemoProfile,
  name = profile.name,
): Promise<Organization> {
  const org = await createOrganization(services, {
    name,
    timeZone: profile.timeZone,
    fiscalYearStartMonth: profile.fiscalYearStartMonth,
  });
  const em = services.platformOrm.em.fork() as EntityManager;
  // The books are built for it (no setup wizard), and it pays for Professional like a customer
  // who signed up a year ago (annual) or this month (monthly).
  await updateOrganizationSettings(em, org.id, { onboardingComplete: true });
  const annual = profile.key === MAPLE_RIDGE.key;
  const paid = `${addMonths(todayIn(profile.timeZone), annual ? -4 : 0).slice(0, 8)}01`;
  await em.nativeUpdate(Organization, org.id, {
    demoProfile: profile.key,
    planLevel: 'professional',
    billingInterval: annual ? 'annual' : 'monthly',
    paymentDate: paid,
    renewalDate: addMonths(paid, annual ? 12 : 1),
    confirmationNumber: annual ? 'in_1QmR4aLkdIwHu7ix0Maple' : 'in_1QmR7bLkdIwHu7ixHarbor',
  });
  // From today on, the month's invoices go out on the 1st and late fees on the profile's day on
  // their own (the months before were run by the treasurer, as the audit trail says).
  await updateAutomation(
    em,
    org.id,
    profile.timeZone,
    { paused: false, assessmentDay: 1, lateFeeDay: profile.lateFeeDay, reminderDays: null },
    null,
  );
  return org;
}

// Builds a demo association's books in its (empty) tenant database, through the tenant door and
// the modules' services, as of `today` (default: today in the association's time zone). The
// actor is who the audit trail names (the association's treasurer).
export async function buildDemoBooks(
  services: Services,
  orgId: string,
  profile: DemoProfile,
  opts: {
    today?: string;
    actor?: AuthInfo | null;
    board?: DemoSeat[];
    owners?: DemoOwnerSeat[];
  } = {},
): Promise<DemoSummary> {
  const tenant = await openTenant(services, orgId);
  const today = opts.today ?? todayIn(tenant.org.timeZone);
  return new DemoBooks(
    services,
    tenant,
    opts.actor ?? null,
    profile,
    today,
    opts.board,
    opts.owners,
  ).build();
}

const TITLE_WORDS: Record<BoardTitle, string> = {
  [BoardTitle.PRESIDENT]: 'President',
  [BoardTitle.VICE_PRESIDENT]: 'Vice president',
  [BoardTitle.TREASURER]: 'Treasurer',
  [BoardTitle.SECRETARY]: 'Secretary',
  [BoardTitle.DIRECTOR]: 'Director',
};

// The association's board members who approve bills: viewers (they read the books and decide on
// bills, nothing else), each with a generated password printed like the treasurer's. With the
// treasurer's own seat, the seats the books give them.
export async function demoBoardMembers(
  em: EntityManager,
  org: Organization,
  profile: DemoProfile,
  treasurer: User,
  credentials: DemoCredential[],
): Promise<DemoSeat[]> {
  const seats: DemoSeat[] = [{ userId: treasurer.id, title: BoardTitle.TREASURER }];
  for (const m of profile.payables?.board ?? []) {
    let user = await em.findOne(User, { email: m.email });
    if (!user) {
      const password = generatePassword();
      user = em.create(User, {
        email: m.email,
        name: m.name,
        passwordHash: await hashPassword(password),
        hasSeenIntro: true,
      });
      credentials.push({
        role: `Board member (${TITLE_WORDS[m.title]})`,
        email: m.email,
        password,
        organization: org.name,
      });
    }
    if (!(await em.findOne(Membership, { user, organization: org.id }))) {
      em.create(Membership, { user, organization: org.id, role: Role.VIEWER });
    }
    seats.push({ userId: user.id, title: m.title });
  }
  return seats;
}

// First start only (no users yet): the platform owner, and unless turned off (production) the demo
// associations with their admins and about eighteen months of books; each user gets a freshly
// generated password, returned once to print.
export async function seedFirstStart(
  services: Services,
  opts: { demo: boolean },
): Promise<DemoCredential[] | null> {
  const em = services.platformOrm.em.fork() as EntityManager;
  if ((await em.count(User, {})) > 0) return null;
  const credentials: DemoCredential[] = [];

  const ownerPassword = generatePassword();
  const owner = em.create(User, {
    email: services.config.ownerEmail,
    name: 'Platform Owner',
    passwordHash: await hashPassword(ownerPassword),
    isSuperadmin: true,
    isPlatformOwner: true,
    // Demo users have used the app for months: no first-sign-in tour (dozens of journeys sign in).
    hasSeenIntro: true,
  });
  credentials.push({
    role: 'Platform owner (super admin)',
    email: owner.email,
    password: ownerPassword,
  });

  const books: {
    org: Organization;
    profile: DemoProfile;
    admin: User;
    board: DemoSeat[];
    owners: DemoOwnerSeat[];
  }[] = [];
  for (const profile of opts.demo ? DEMO_PROFILES : []) {
    const org = await createDemoOrganization(services, profile);
    const password = generatePassword();
    const admin = em.create(User, {
      email: profile.admin,
      name: `${profile.name} Treasurer`,
      passwordHash: await hashPassword(password),
      hasSeenIntro: true,
    });
    em.create(Membership, { user: admin, organization: org.id, role: Role.ADMIN });
    credentials.push({
      role: 'Tenant admin',
      email: admin.email,
      password,
      organization: org.name,
    });
    const board = await demoBoardMembers(em, org, profile, admin, credentials);
    const owners = await demoPortalOwners(em, org, profile.portal, credentials);
    books.push({ org, profile, admin, board, owners });
  }
  // The treasurer's id is known before the users are saved: the audit trail names them. The users
  // are saved last, so a start that fails while building starts over the next time. The
  // associations are built side by side (separate databases: one's waits are the other's work).
  await Promise.all(
    books.map(({ org, profile, admin, board, owners }) =>
      buildDemoBooks(services, org.id, profile, {
        actor: { userId: admin.id, orgId: org.id },
        board,
        owners,
      }),
    ),
  );
  await em.flush();
  for (const { org, profile, admin } of books) {
    if (profile.portal) await demoStripeAccount(em, org, admin.id);
  }
  await seedDemoSignIns(em, [
    ...books.map(({ org, profile, admin }) => ({
      userId: admin.id,
      email: admin.email,
      organizationId: org.id,
      weekday: 0.7,
      seed: profile.seed,
    })),
    ...(books.length
      ? [{ userId: owner.id, email: owner.email, organizationId: null, weekday: 0.3, seed: 7 }]
      : []),
  ]);
  await seedDemoIdeas(
    em,
    books.map(({ org, admin }) => ({ organizationId: org.id, userId: admin.id })),
    owner.id,
  );
  // Maple Ridge's members see the Ideas page; its treasurer has API tokens on the Security page.
  if (books[0]) {
    await updateOrganizationSettings(em, books[0].org.id, { ideationEnabled: true });
    await seedDemoApiTokens(em, { userId: books[0].admin.id, organizationId: books[0].org.id });
    await seedDemoImpersonation(em, {
      adminId: owner.id,
      userId: books[0].admin.id,
      email: books[0].admin.email,
      organizationId: books[0].org.id,
    });
  }
  return credentials;
}
