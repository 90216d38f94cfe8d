import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Services } from '../../core/context.js';
import { OrganizationStatus } from '../../core/roles.js';
import type { TenantEntry, TenantLocation } from '../../core/tenancy/tenant-directory.js';
import { tenantOrm } from '../../core/tenancy/tenant-door.js';
import {
  type Account,
  type ChartControl,
  type ChartTemplateRow,
  createAccount,
  listAccounts,
  STANDARD_CHART,
} from '../../modules/accounts/index.js';
import { receivablesSettings } from '../../modules/assessments/index.js';
import {
  type ChartTemplateAccount,
  type SkippedChartAccount,
  StartingChart,
  type StandardChartResult,
} from './starting-chart.types.js';

// How a new association's chart of accounts starts: the standard HOA chart (accounts module's
// STANDARD_CHART), chosen at provisioning or in the setup wizard's first step, or an empty one
// (MINIMAL) that the wizard, the pages or a CSV import fill.
//
// Adding the standard chart adds what the chart lacks, in one transaction: an account whose
// number or name the chart already has is left out (and said so), so it can be added after a
// bank account was created, or again without harm. Assessments Receivable and Prepaid
// Assessments are created for their purpose: the receivables settings take them as their
// control accounts in the same transaction; when the settings already keep other accounts, the
// template's are not created at all.

const KEPT_BY: Record<ChartControl, string> = {
  receivable: 'invoices and payments',
  prepaid: 'payments',
};

// A template row as the account it creates.
const inputOf = (r: ChartTemplateRow) => ({
  number: r.number,
  name: r.name,
  type: r.type,
  fundType: r.fundType,
  description: r.description ?? null,
  forecastRole: r.forecastRole ?? null,
  interfundTransfer: r.interfundTransfer ?? false,
});

export function standardChartOfAccounts(): ChartTemplateAccount[] {
  return STANDARD_CHART.map((r) => ({
    ...inputOf(r),
    keptBy: r.control ? KEPT_BY[r.control] : null,
  }));
}

// Thrown inside the control accounts' savepoint to take them back.
class KeptAlready extends Error {}

export async function addStandardChart(
  em: EntityManager,
  actor: AuthInfo | null,
): Promise<StandardChartResult> {
  return em.transactional(async (tx) => {
    const chart = await listAccounts(tx, { includeArchived: true });
    const byNumber = new Map(chart.map((a) => [a.number, a]));
    const byName = new Map(chart.map((a) => [a.name.trim().toLowerCase(), a]));
    const skipped: SkippedChartAccount[] = [];
    const free = (r: ChartTemplateRow) => {
      const taken = byNumber.get(r.number);
      const named = byName.get(r.name.toLowerCase());
      if (!taken && !named) return true;
      const other = taken && taken !== named;
      skipped.push({
        number: r.number,
        name: r.name,
        reason: other
          ? `Number ${r.number} is taken by ${taken.name}`
          : `The chart has ${named!.number} ${named!.name} already`,
      });
      return false;
    };

    const created: Account[] = [];
    for (const r of STANDARD_CHART) {
      if (!r.control && free(r)) created.push(await createAccount(tx, inputOf(r), actor));
    }

    const controls = STANDARD_CHART.filter((r) => r.control && free(r));
    if (controls.length) {
      try {
        const made = await tx.transactional(async (inner) => {
          const ids = new Map<ChartControl, Account>();
          for (const r of controls)
            ids.set(r.control!, await createAccount(inner, inputOf(r), actor));
          // Takes them in by name when it has none yet (both are new and empty).
          const settings = await receivablesSettings(inner, actor);
          const mine = (role: ChartControl, id: string) =>
            !ids.has(role) || ids.get(role)!.id === id;
          if (
            !mine('receivable', settings.receivableAccountId) ||
            !mine('prepaid', settings.prepaidAccountId)
          ) {
            throw new KeptAlready();
          }
          return [...ids.values()];
        });
        created.push(...made);
      } catch (err) {
        if (!(err instanceof KeptAlready)) throw err;
        for (const r of controls) {
          skipped.push({
            number: r.number,
            name: r.name,
            reason: `The receivables settings keep other accounts for ${KEPT_BY[r.control!]}`,
          });
        }
      }
    }
    const byNum = (a: { number: string }, b: { number: string }) =>
      a.number.localeCompare(b.number, 'en', { numeric: true });
    return { created: created.sort(byNum), skipped: skipped.sort(byNum) };
  });
}

// Provisioning: the chart a new tenant database starts with, written before its organization is
// in the directory (tenant creation drops the database when this fails). The ORM comes through
// the door's own function, for the entry tenant creation is about to record.
export async function seedStartingChart(
  services: Services,
  tenant: { orgId: string; name: string; location: TenantLocation },
  chart: StartingChart,
): Promise<void> {
  if (chart !== StartingChart.STANDARD) return;
  const entry: TenantEntry = {
    ...tenant,
    status: OrganizationStatus.ACTIVE,
    timeZone: 'UTC',
    fiscalYearStartMonth: 1,
    planLevel: 'standard',
    billingStatus: 'active',
    readOnlyFrom: null,
    movingSince: null,
  };
  const orm = await tenantOrm(services, entry);
  await addStandardChart(orm.em.fork() as EntityManager, null);
}
