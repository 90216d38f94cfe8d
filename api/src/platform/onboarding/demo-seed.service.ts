import type { EntityManager } from '@mikro-orm/postgresql';
import { generatePassword, hashPassword } from '../../core/auth/passwords.js';
import { AccountType, createAccount, FundType } from '../../modules/accounts/index.js';
import type { Services } from '../../core/context.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { createOrganization } from '../organizations/organizations.service.js';
import { Membership } from '../users/memberships.entity.js';
import { Role } from '../../core/roles.js';
import { User } from '../users/users.entity.js';

export interface DemoCredential {
  role: string;
  email: string;
  password: string;
  organization?: string;
}

const A = AccountType;
const F = FundType;
// A small chart of accounts of the shape most associations use.
const CHART: [string, string, AccountType, FundType][] = [
  ['1010', 'Operating Checking', A.ASSET, F.OPERATING],
  ['1020', 'Operating Savings', A.ASSET, F.OPERATING],
  ['1100', 'Assessments Receivable', A.ASSET, F.OPERATING],
  ['1510', 'Reserve Money Market', A.ASSET, F.RESERVE],
  ['2010', 'Accounts Payable', A.LIABILITY, F.OPERATING],
  ['2100', 'Prepaid Assessments', A.LIABILITY, F.OPERATING],
  ['3010', 'Operating Fund Balance', A.EQUITY, F.OPERATING],
  ['3510', 'Reserve Fund Balance', A.EQUITY, F.RESERVE],
  ['4010', 'Assessment Income', A.INCOME, F.OPERATING],
  ['4100', 'Late Fees', A.INCOME, F.OPERATING],
  ['4510', 'Reserve Contributions', A.INCOME, F.RESERVE],
  ['5010', 'Landscaping', A.EXPENSE, F.OPERATING],
  ['5020', 'Utilities', A.EXPENSE, F.OPERATING],
  ['5030', 'Insurance', A.EXPENSE, F.OPERATING],
  ['5040', 'Management Fees', A.EXPENSE, F.OPERATING],
  ['6510', 'Reserve Repairs and Replacements', A.EXPENSE, F.RESERVE],
];

const ASSOCIATIONS = [
  { name: 'Maple Ridge HOA', admin: 'treasurer@maple-ridge.example' },
  { name: 'Harbor Point Condominium Association', admin: 'treasurer@harbor-point.example' },
];

// First start only (no users yet): the platform owner, and unless turned off (production) two demo
// associations with their admins; each gets a freshly generated password, returned once to print.
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
  });
  credentials.push({
    role: 'Platform owner (super admin)',
    email: owner.email,
    password: ownerPassword,
  });

  for (const assoc of opts.demo ? ASSOCIATIONS : []) {
    const org = await createOrganization(services, { name: assoc.name });
    const password = generatePassword();
    const admin = em.create(User, {
      email: assoc.admin,
      name: `${assoc.name} Treasurer`,
      passwordHash: await hashPassword(password),
    });
    em.create(Membership, { user: admin, organization: org.id, role: Role.ADMIN });
    credentials.push({
      role: 'Tenant admin',
      email: admin.email,
      password,
      organization: org.name,
    });

    const { em: tenantEm } = await openTenant(services, org.id);
    for (const [number, name, type, fundType] of CHART) {
      await createAccount(tenantEm, { number, name, type, fundType });
    }
  }
  await em.flush();
  return credentials;
}
