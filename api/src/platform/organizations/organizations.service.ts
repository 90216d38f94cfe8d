import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { dropDatabase } from '../../db/connection.js';
import { provisionTenantDatabase } from '../../core/tenancy/provision.js';
import type { Context, Services } from '../../core/context.js';
import { forgetTenant, openTenant } from '../../core/tenancy/tenant-door.js';
import {
  canonicalTimeZone,
  DEFAULT_FISCAL_YEAR_START_MONTH,
  DEFAULT_TIME_ZONE,
  isTimeZone,
} from '../../core/dates.js';
import {
  badInput,
  conflict,
  type FieldDetail,
  forbidden,
  notFound,
  unauthenticated,
} from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { Role } from '../../core/roles.js';
import { assertFiscalStartCanChange } from '../../modules/budgets/index.js';
import { recordAudit, recordOrganizationChange } from '../admin/index.js';
import { checkRequireMfaPatch, requireMfaChanged } from '../mfa/index.js';
import { User } from '../users/index.js';
import { Organization } from './organizations.entity.js';
import {
  ORGANIZATION_SETTING_KEYS,
  parseSettingsPatch,
  type OrganizationCalendarInput,
} from './organizations.inputs.js';
import { lockSettings, mergeSettings } from './organizations.repository.js';
import type { OrganizationCalendar } from './organizations.types.js';

// A new organization gets its own database, copied from the migrated tenant template.
export async function createOrganization(
  services: Services,
  input: { name: string; cluster?: string; timeZone?: string; fiscalYearStartMonth?: number },
): Promise<Organization> {
  // The calendar defaults to America/New_York and a January fiscal start (core/dates.ts).
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const fiscalYearStartMonth = input.fiscalYearStartMonth ?? DEFAULT_FISCAL_YEAR_START_MONTH;
  const details: FieldDetail[] = [];
  if (!isTimeZone(timeZone)) {
    details.push({ field: 'timeZone', message: 'Use a time zone name like America/Chicago' });
  }
  if (
    !Number.isInteger(fiscalYearStartMonth) ||
    fiscalYearStartMonth < 1 ||
    fiscalYearStartMonth > 12
  ) {
    details.push({ field: 'fiscalYearStartMonth', message: 'Use a month from 1 to 12' });
  }
  if (details.length) throw badInput(details, details[0].message);
  const id = randomUUID();
  const em = services.platformOrm.em.fork() as EntityManager;
  // The accepting cluster with the most room, unless the caller names one (a test, a seed).
  const cluster = input.cluster ?? (await services.clusters.placeNew(em));
  const dbName = `${services.platformDbName}_t_${id.replace(/-/g, '').slice(0, 20)}`;
  const clusterUrl = services.clusterUrl(cluster);
  const { schemaVersion } = await provisionTenantDatabase({
    clusterUrl,
    templateDb: services.tenantTemplateDb,
    dbName,
    orgId: id,
  });
  const org = em.create(Organization, {
    id,
    name: input.name.trim(),
    dbName,
    dbCluster: cluster,
    schemaVersion,
    timeZone,
    fiscalYearStartMonth,
  });
  try {
    await em.persistAndFlush(org);
  } catch (err) {
    await dropDatabase(clusterUrl, dbName).catch(() => undefined);
    throw err;
  }
  return org;
}

export async function setOrganizationStatus(
  services: Services,
  orgId: string,
  status: Organization['status'],
) {
  const em = services.platformOrm.em.fork() as EntityManager;
  await em.nativeUpdate(Organization, { id: orgId }, { status });
  // Takes effect at once in this process; elsewhere within the directory's 60 s TTL.
  forgetTenant(services, orgId);
}

// Sets declared settings keys of an organization (the demo seeder's onboardingComplete); the new
// settings. Refuses an undeclared key like the API does.
export function updateOrganizationSettings(
  platformEm: EntityManager,
  orgId: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { set, remove } = parseSettingsPatch(patch);
  return mergeSettings(platformEm, orgId, set, remove);
}

// The current organization's own settings patch. Each key is typed and an unknown one is
// BAD_USER_INPUT (parseSettingsPatch); who may set which key is the permission table's
// (`organizationSettingRules`, checked before this runs); `requireMfa` is also checked by
// platform/mfa (on only by an admin with two-step sign-in). Changes are audited, in the
// transaction that writes them.
export async function updateOwnOrganizationSettings(
  ctx: Context,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const orgId = ctx.org!.orgId;
  const { set, remove } = parseSettingsPatch(patch);
  const mfaChange = await checkRequireMfaPatch(ctx, patch);
  const settings = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const before = await lockSettings(em, orgId);
    if (!before) throw notFound('Organization');
    const after = await mergeSettings(em, orgId, set, remove);
    // requireMfa keeps its own audit entry (platform/mfa).
    const changed = Object.fromEntries(
      ORGANIZATION_SETTING_KEYS.filter((k) => k !== 'requireMfa' && before[k] !== after[k]).map(
        (k) => [k, { before: before[k] ?? null, after: after[k] ?? null }],
      ),
    );
    await recordOrganizationChange(em, ctx.auth!, 'organization.settings', orgId, changed);
    return after;
  });
  if (mfaChange) await requireMfaChanged(ctx, patch.requireMfa === true);
  return settings;
}

// Sets an organization's time zone and fiscal-year start: the current organization for its admins,
// any organization for super admins. Audited; this process reads the new calendar at once (the
// directory entry is dropped), other processes within the directory's 60 s.
export async function updateOrganizationCalendar(
  ctx: Context,
  input: OrganizationCalendarInput,
): Promise<OrganizationCalendar> {
  const auth = ctx.auth;
  if (!auth) throw unauthenticated();
  const orgId = input.organizationId ?? ctx.org?.orgId;
  if (!orgId) {
    throw badInput([{ field: 'organizationId', message: 'Choose an organization' }]);
  }
  const ownAdmin = orgId === ctx.org?.orgId && ctx.role === Role.ADMIN;
  if (!ownAdmin) {
    // Another organization (or one the caller does not administer): super admins only, read
    // from the users table on every call like the permission rule.
    const user = await ctx.platformEm.findOne(User, auth.userId);
    if (!user?.isSuperadmin) throw forbidden('Only organization admins can do this');
  }
  if (!isId(orgId)) throw notFound('Organization');
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) {
    throw badInput([{ field: 'timeZone', message: 'Use a time zone name like America/Chicago' }]);
  }
  const current = await ctx.platformEm.findOne(Organization, orgId);
  if (!current) throw notFound('Organization');
  if (current.fiscalYearStartMonth !== input.fiscalYearStartMonth) {
    // Budgets are kept by fiscal month: refused while one holds amounts (see the rule). Checked
    // before the platform transaction: inside it, the tenant's EntityManager would resolve to
    // the platform's transaction (both ORMs share the default context name).
    const tenant = ownAdmin ? ctx.em : (await openTenant(ctx.services, orgId)).em;
    await assertFiscalStartCanChange(
      tenant,
      current.fiscalYearStartMonth,
      input.fiscalYearStartMonth,
    );
  }
  const result = await ctx.platformEm.transactional(async (em: EntityManager) => {
    // The row lock serialises two changes of the same organization.
    const org = await em.findOne(Organization, orgId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (!org) throw notFound('Organization');
    if (org.fiscalYearStartMonth !== current.fiscalYearStartMonth) {
      throw conflict('The calendar changed meanwhile: reload and try again');
    }
    const before = { timeZone: org.timeZone, fiscalYearStartMonth: org.fiscalYearStartMonth };
    org.timeZone = timeZone;
    org.fiscalYearStartMonth = input.fiscalYearStartMonth;
    await em.flush();
    const changed = Object.fromEntries(
      (['timeZone', 'fiscalYearStartMonth'] as const)
        .filter((k) => before[k] !== org[k])
        .map((k) => [k, { before: before[k], after: org[k] }]),
    );
    if (Object.keys(changed).length) {
      await recordAudit(em, {
        actor: auth,
        action: 'organization.calendar',
        entityType: 'Organization',
        entityId: org.id,
        organizationId: org.id,
        details: changed,
      });
    }
    return {
      organizationId: org.id,
      timeZone: org.timeZone,
      fiscalYearStartMonth: org.fiscalYearStartMonth,
    };
  });
  forgetTenant(ctx.services, orgId);
  return result;
}
