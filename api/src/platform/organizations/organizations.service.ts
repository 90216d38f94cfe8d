import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { dropDatabase } from '../../db/connection.js';
import { provisionTenantDatabase } from '../../core/tenancy/provision.js';
import type { Services } from '../../core/context.js';
import { forgetTenant } from '../../core/tenancy/tenant-door.js';
import {
  DEFAULT_FISCAL_YEAR_START_MONTH,
  DEFAULT_TIME_ZONE,
  isTimeZone,
} from '../../core/dates.js';
import { badInput, type FieldDetail } from '../../core/errors/app-error.js';
import { Organization } from './organizations.entity.js';
import { mergeSettings } from './organizations.repository.js';

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
  const cluster = input.cluster ?? 'default';
  const dbName = `${services.platformDbName}_t_${id.replace(/-/g, '').slice(0, 20)}`;
  const clusterUrl = services.clusterUrl(cluster);
  await provisionTenantDatabase({
    clusterUrl,
    templateDb: services.tenantTemplateDb,
    dbName,
    orgId: id,
  });
  const em = services.platformOrm.em.fork() as EntityManager;
  const org = em.create(Organization, {
    id,
    name: input.name.trim(),
    dbName,
    dbCluster: cluster,
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

const MAX_SETTINGS_BYTES = 16 * 1024;

// Merges a partial settings object into the organization's settings; the merged settings.
export function updateOrganizationSettings(
  platformEm: EntityManager,
  orgId: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (JSON.stringify(patch).length > MAX_SETTINGS_BYTES) {
    throw badInput([{ field: 'patch', message: 'Settings are limited to 16 kB' }]);
  }
  return mergeSettings(platformEm, orgId, patch);
}
