import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isEmail } from 'class-validator';
import { newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import type { Context, Services } from '../../core/context.js';
import {
  canonicalTimeZone,
  DEFAULT_FISCAL_YEAR_START_MONTH,
  DEFAULT_TIME_ZONE,
} from '../../core/dates.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { OrganizationStatus, Role } from '../../core/roles.js';
import { provisionTenantDatabase } from '../../core/tenancy/provision.js';
import { forgetTenant } from '../../core/tenancy/tenant-door.js';
import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { dropDatabase, withServer } from '../../db/connection.js';
import { recordAudit, recordOrganizationChange } from '../admin/index.js';
import { seedStartingChart, StartingChart } from '../onboarding/index.js';
import {
  insertInvitation,
  isCurrency,
  isLocale,
  mergeSettings,
  Organization,
} from '../organizations/index.js';
import { Membership, MembershipStatus, User, normalizeEmail } from '../users/index.js';
import type {
  CreateTenantInput,
  OrganizationPlanInput,
  OrganizationSettingsInput,
} from './admin-organizations.inputs.js';
import {
  countOrganizations,
  insertStatusChange,
  selectOrganizationMembers,
  selectOrganizations,
  selectStatusHistory,
} from './admin-organizations.repository.js';
import { selectOrganizationDatabase, selectTenantMoves } from './admin-clusters.repository.js';
import {
  type AdminOrganizationDetail,
  type AdminOrganizationList,
  type OrganizationSettingsView,
  PlanLevel,
} from './admin-organizations.types.js';

// The admin panel's Organizations tab (super admins only: permissions.ts). Writes are audited.

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const NAME_MAX = PLATFORM_TEXT_LIMITS.organizations.name;
const REASON_MAX = PLATFORM_TEXT_LIMITS.organization_status_history.reason;
const REFERENCE_MAX = 100;

export async function adminOrganizations(
  ctx: Context,
  filter: {
    search?: string | null;
    status?: OrganizationStatus | null;
    planLevel?: PlanLevel | null;
  },
  limit?: number | null,
): Promise<AdminOrganizationList> {
  const take = limit ?? 100;
  if (!Number.isInteger(take) || take < 1 || take > 200) {
    throw badInput([{ field: 'limit', message: 'Use a limit from 1 to 200' }]);
  }
  const search = filter.search?.trim().slice(0, NAME_MAX) || null;
  const [list, counts] = await Promise.all([
    selectOrganizations(
      ctx.platformEm,
      { search, status: filter.status ?? null, planLevel: filter.planLevel ?? null },
      take,
    ),
    countOrganizations(ctx.platformEm, search),
  ]);
  const sum = (pick: (r: (typeof counts)[number]) => boolean) =>
    counts.filter(pick).reduce((n, r) => n + r.count, 0);
  return {
    ...list,
    statusCounts: Object.values(OrganizationStatus).map((status) => ({
      status,
      count: sum((r) => r.status === status),
    })),
    planCounts: Object.values(PlanLevel).map((planLevel) => ({
      planLevel,
      count: sum((r) => r.plan_level === planLevel),
    })),
  };
}

// `demo` is the organization's demo mark (its column), shown beside the settings.
export function settingsView(
  settings: Record<string, unknown>,
  demo: string | null = null,
): OrganizationSettingsView {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    ideationEnabled: settings.ideationEnabled === true,
    onboardingComplete: settings.onboardingComplete === true,
    locale: text(settings.locale),
    currency: text(settings.currency),
    demo,
  };
}

// Bytes of the tenant database, or null when its server cannot answer (the page still shows).
async function databaseSize(services: Services, org: Organization): Promise<number | null> {
  try {
    return await withServer(services.clusterUrl(org.dbCluster), async (c) => {
      const r = await c.query<{ size: string | null }>(
        'SELECT pg_database_size(datname)::text AS size FROM pg_database WHERE datname = $1',
        [org.dbName],
      );
      return r.rows[0]?.size ? Number(r.rows[0].size) : null;
    });
  } catch {
    return null;
  }
}

export async function adminOrganization(
  ctx: Context,
  id: string,
): Promise<AdminOrganizationDetail> {
  const org = await ctx.platformEm.findOne(Organization, assertId(id, 'Organization'), {
    refresh: true,
  });
  if (!org) throw notFound('Organization');
  const [members, statusHistory, databaseSizeBytes, database, moves] = await Promise.all([
    selectOrganizationMembers(ctx.platformEm, org.id),
    selectStatusHistory(ctx.platformEm, org.id),
    databaseSize(ctx.services, org),
    selectOrganizationDatabase(ctx.platformEm, org.id),
    selectTenantMoves(ctx.platformEm, org.id),
  ]);
  const signIns = members.map((m) => m.lastSignInAt?.getTime() ?? 0).filter((t) => t > 0);
  return {
    id: org.id,
    name: org.name,
    status: org.status,
    planLevel: org.planLevel as PlanLevel,
    memberCount: members.length,
    renewalDate: org.renewalDate ?? null,
    createdAt: org.createdAt,
    contractNumber: org.contractNumber ?? null,
    paymentDate: org.paymentDate ?? null,
    confirmationNumber: org.confirmationNumber ?? null,
    timeZone: org.timeZone,
    fiscalYearStartMonth: org.fiscalYearStartMonth,
    settings: settingsView(org.settings, org.demoProfile ?? null),
    members,
    statusHistory,
    databaseSizeBytes,
    lastActivityAt: signIns.length ? new Date(Math.max(...signIns)) : null,
    database,
    moves,
  };
}

// The steps of creating a tenant, in order. Tests fail each one to prove nothing is left behind.
export const CREATE_TENANT_STEPS = [
  'database',
  'migrations',
  'identity',
  'organization',
  'user',
  'membership',
  'invitation',
  'history',
  'audit',
  'email',
] as const;
export type CreateTenantStep = (typeof CREATE_TENANT_STEPS)[number];

// For tests only (the resolver never passes it): throw right after the named step.
export interface CreateTenantFaults {
  failAfter?: CreateTenantStep;
}

function validateTenant(input: CreateTenantInput) {
  const details: FieldDetail[] = [];
  const name = input.name.trim();
  if (!name || name.length > NAME_MAX) {
    details.push({ field: 'name', message: `Enter a name of 1 to ${NAME_MAX} characters` });
  }
  const email = normalizeEmail(input.adminEmail);
  if (!isEmail(email) || email.length > PLATFORM_TEXT_LIMITS.users.email) {
    details.push({ field: 'adminEmail', message: 'Enter a valid email address' });
  }
  const timeZone = canonicalTimeZone(input.timeZone?.trim() || DEFAULT_TIME_ZONE);
  if (!timeZone) {
    details.push({ field: 'timeZone', message: 'Use a time zone name like America/Chicago' });
  }
  const month = input.fiscalYearStartMonth ?? DEFAULT_FISCAL_YEAR_START_MONTH;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    details.push({ field: 'fiscalYearStartMonth', message: 'Use a month from 1 to 12' });
  }
  if (details.length) throw badInput(details, details[0].message);
  return {
    name,
    email,
    timeZone: timeZone!,
    fiscalYearStartMonth: month,
    planLevel: input.planLevel ?? PlanLevel.STANDARD,
    startingChart: input.startingChart ?? StartingChart.MINIMAL,
  };
}

// One call makes a tenant: database from the template, migrations, identity row, organization
// row, first admin (a new account or the existing one with that email) with a pending ADMIN
// membership and invitation, its first status-history row, an audit entry, and the invitation
// email. The rows are written in one platform transaction that commits only after the email went
// out; a failure at any step rolls them back and drops the database, so a retry starts clean.
// What self-service sign-up (platform/billing) adds: the subscription the checkout started, the
// contact's name for a new account, and an activation email instead of an invitation.
export interface TenantSubscription {
  contactName: string;
  billingStatus: 'active' | 'trialing';
  billingInterval: 'monthly' | 'annual';
  readOnlyFrom: Date | null;
  paymentDate: string | null;
  renewalDate: string | null;
  confirmationNumber: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

// `actor` is the super admin who asked, or null for self-service sign-up (the platform itself).
export async function createTenant(
  services: Services,
  actor: { userId: string; impersonatedBy?: string } | null,
  input: CreateTenantInput,
  faults: CreateTenantFaults = {},
  subscription: TenantSubscription | null = null,
): Promise<string> {
  const v = validateTenant(input);
  const step = (done: CreateTenantStep) => {
    if (faults.failAfter === done) throw new Error(`Tenant creation failed after ${done}`);
  };
  const id = randomUUID();
  const em = services.platformOrm.em.fork() as EntityManager;
  // The accepting cluster with the most room (TENANT_CLUSTERS); refused when none has any.
  const cluster = await services.clusters.placeNew(em);
  const dbName = `${services.platformDbName}_t_${id.replace(/-/g, '').slice(0, 20)}`;
  const clusterUrl = services.clusterUrl(cluster);
  try {
    // The database first, outside the platform transaction: the migrator runs an ORM of its own,
    // which must not find the platform's transaction in the async context.
    const { schemaVersion } = await provisionTenantDatabase({
      clusterUrl,
      templateDb: services.tenantTemplateDb,
      dbName,
      orgId: id,
      afterStep: step,
    });
    await seedStartingChart(
      services,
      { orgId: id, name: v.name, location: { cluster, database: dbName } },
      v.startingChart,
    );
    await em.transactional(async (tx: EntityManager) => {
      tx.create(Organization, {
        id,
        name: v.name,
        dbName,
        dbCluster: cluster,
        schemaVersion,
        planLevel: v.planLevel,
        timeZone: v.timeZone,
        fiscalYearStartMonth: v.fiscalYearStartMonth,
        ...(subscription && {
          billingStatus: subscription.billingStatus,
          billingInterval: subscription.billingInterval,
          readOnlyFrom: subscription.readOnlyFrom,
          paymentDate: subscription.paymentDate,
          renewalDate: subscription.renewalDate,
          confirmationNumber: subscription.confirmationNumber,
          stripeCustomerId: subscription.stripeCustomerId,
          stripeSubscriptionId: subscription.stripeSubscriptionId,
        }),
      });
      await tx.flush();
      step('organization');
      const user =
        (await tx.findOne(User, { email: v.email })) ??
        tx.create(User, { email: v.email, name: subscription?.contactName ?? null });
      await tx.flush();
      step('user');
      tx.create(Membership, {
        user,
        organization: id,
        role: Role.ADMIN,
        status: MembershipStatus.INVITED,
      });
      await tx.flush();
      step('membership');
      const { token, hash } = newOpaqueToken();
      await insertInvitation(tx, {
        id: randomUUID(),
        organizationId: id,
        userId: user.id,
        role: Role.ADMIN,
        tokenHash: hash,
        invitedBy: actor?.userId ?? null,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      step('invitation');
      await insertStatusChange(tx, {
        organizationId: id,
        fromStatus: null,
        toStatus: OrganizationStatus.ACTIVE,
        changedBy: actor?.userId ?? null,
        reason: actor ? 'Created' : 'Signed up',
      });
      step('history');
      await recordAudit(tx, {
        actor: actor ?? { userId: null },
        action: actor ? 'organization.create' : 'organization.signup',
        entityType: 'Organization',
        entityId: id,
        organizationId: id,
        details: {
          name: v.name,
          adminEmail: v.email,
          planLevel: v.planLevel,
          startingChart: v.startingChart,
        },
      });
      step('audit');
      // Last: once the email is out, only the commit remains.
      const link = `${services.publicUrl}/activate?token=${encodeURIComponent(token)}`;
      await services.mailer.send(
        subscription
          ? {
              to: v.email,
              subject: `Activate ${v.name} on Covenant`,
              template: 'activation',
              body: `Welcome to Covenant, ${subscription.contactName}. ${v.name} is ready.\n\nOpen this link to set your password and sign in (it works once and is valid 7 days): ${link}`,
            }
          : {
              to: v.email,
              subject: `You are invited to ${v.name} on Covenant`,
              template: 'invitation',
              body: `You have been invited to join ${v.name} on Covenant as admin.\n\nOpen this link to accept (it is valid 7 days): ${link}`,
            },
      );
      step('email');
    });
  } catch (err) {
    await dropDatabase(clusterUrl, dbName).catch(() => undefined);
    throw err;
  }
  return id;
}

export async function setOrganizationStatusByAdmin(
  ctx: Context,
  id: string,
  status: OrganizationStatus,
  reason?: string | null,
): Promise<AdminOrganizationDetail> {
  const orgId = assertId(id, 'Organization');
  const why = reason?.trim() ?? '';
  if (why.length > REASON_MAX) {
    throw badInput([{ field: 'reason', message: `Keep the reason to ${REASON_MAX} characters` }]);
  }
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    const org = await em.findOne(Organization, orgId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (!org) throw notFound('Organization');
    if (org.status === status) return;
    const before = org.status;
    org.status = status;
    await em.flush();
    await insertStatusChange(em, {
      organizationId: orgId,
      fromStatus: before,
      toStatus: status,
      changedBy: ctx.auth!.userId,
      reason: why,
    });
    await recordAudit(em, {
      actor: ctx.auth!,
      action: 'organization.status',
      entityType: 'Organization',
      entityId: orgId,
      organizationId: orgId,
      details: { before, after: status, reason: why },
    });
  });
  // At once in this process; elsewhere within the directory's 60 s.
  forgetTenant(ctx.services, orgId);
  return adminOrganization(ctx, orgId);
}

function reference(value: string | null | undefined, field: string, details: FieldDetail[]) {
  const v = value?.trim() || null;
  if (v && v.length > REFERENCE_MAX) {
    details.push({ field, message: `Keep it to ${REFERENCE_MAX} characters` });
  }
  return v;
}

export async function updateOrganizationPlan(
  ctx: Context,
  input: OrganizationPlanInput,
): Promise<AdminOrganizationDetail> {
  const orgId = assertId(input.organizationId, 'Organization');
  const details: FieldDetail[] = [];
  const contractNumber = reference(input.contractNumber, 'contractNumber', details);
  const confirmationNumber = reference(input.confirmationNumber, 'confirmationNumber', details);
  const paymentDate = input.paymentDate ?? null;
  const renewalDate = input.renewalDate ?? null;
  if (paymentDate && renewalDate && renewalDate < paymentDate) {
    details.push({
      field: 'renewalDate',
      message: 'The renewal date cannot be before the payment date',
    });
  }
  if (details.length) throw badInput(details, details[0].message);
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    const org = await em.findOne(Organization, orgId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (!org) throw notFound('Organization');
    const before = {
      planLevel: org.planLevel,
      contractNumber: org.contractNumber ?? null,
      paymentDate: org.paymentDate ?? null,
      confirmationNumber: org.confirmationNumber ?? null,
      renewalDate: org.renewalDate ?? null,
    };
    const after = {
      planLevel: input.planLevel,
      contractNumber,
      paymentDate,
      confirmationNumber,
      renewalDate,
    };
    Object.assign(org, after);
    await em.flush();
    const changed = Object.fromEntries(
      (Object.keys(after) as (keyof typeof after)[])
        .filter((k) => before[k] !== after[k])
        .map((k) => [k, { before: before[k], after: after[k] }]),
    );
    await recordOrganizationChange(em, ctx.auth!, 'organization.plan', orgId, changed);
  });
  return adminOrganization(ctx, orgId);
}

export async function updateOrganizationSettingsByAdmin(
  ctx: Context,
  input: OrganizationSettingsInput,
): Promise<AdminOrganizationDetail> {
  const orgId = assertId(input.organizationId, 'Organization');
  const details: FieldDetail[] = [];
  const locale = input.locale?.trim() || null;
  if (locale && (locale.length > 35 || !isLocale(locale))) {
    details.push({ field: 'locale', message: 'Use a locale like en-US' });
  }
  const currency = input.currency?.trim().toUpperCase() || null;
  if (currency && !isCurrency(currency)) {
    details.push({ field: 'currency', message: 'Use a currency code like USD' });
  }
  if (details.length) throw badInput(details, details[0].message);
  const set: Record<string, unknown> = {
    ideationEnabled: input.ideationEnabled,
    onboardingComplete: input.onboardingComplete,
  };
  const remove: string[] = [];
  if (locale) set.locale = Intl.getCanonicalLocales(locale)[0];
  else remove.push('locale');
  if (currency) set.currency = currency;
  else remove.push('currency');
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    const org = await em.findOne(Organization, orgId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (!org) throw notFound('Organization');
    const before = settingsView(org.settings);
    const after = settingsView(await mergeSettings(em, orgId, set, remove));
    const changed = Object.fromEntries(
      (Object.keys(after) as (keyof OrganizationSettingsView)[])
        .filter((k) => before[k] !== after[k])
        .map((k) => [k, { before: before[k], after: after[k] }]),
    );
    await recordOrganizationChange(em, ctx.auth!, 'organization.settings', orgId, changed);
  });
  // The membership answers (sign-in, me) read settings from the row; the directory holds none,
  // but drop it anyway so nothing stale survives the change.
  forgetTenant(ctx.services, orgId);
  return adminOrganization(ctx, orgId);
}
