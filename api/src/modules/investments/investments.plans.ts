import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, newIds } from '../../core/ids.js';
import { toTotal, type Total } from '../../core/money/money.js';
import type { FundType } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  insertPlanned,
  lockPlanned,
  type PlannedRow,
  selectPlanned,
  setPlannedStatus,
} from './investments.repository.js';
import {
  type InvestmentKind,
  PlannedInvestment,
  PlannedInvestmentStatus,
} from './investments.types.js';

// Draft investments: what the board means to buy ("Add to plan" from a recommendation). No money
// moves and the books do not see them; buying one is an ordinary purchase that names it
// (`purchaseInvestment` with `plannedInvestmentId`), which marks it purchased in the same
// transaction. A recommendation's item (and ladder rung) goes on the plan once.

const hydrate = (r: PlannedRow): PlannedInvestment => ({
  id: r.id,
  fundType: r.fund_type as FundType,
  kind: r.kind as InvestmentKind,
  institution: r.institution,
  amount: toTotal(r.amount),
  termMonths: r.term_months,
  apy: r.apy,
  note: r.note,
  recommendationId: r.recommendation_id,
  status: r.status as PlannedInvestmentStatus,
  investmentId: r.investment_id,
  createdAt: new Date(r.created_at),
});

export async function listPlannedInvestments(
  em: EntityManager,
  status: PlannedInvestmentStatus | null = PlannedInvestmentStatus.DRAFT,
): Promise<PlannedInvestment[]> {
  return (await selectPlanned(em, { status })).map(hydrate);
}

export interface PlannedInvestmentDraft {
  fundType: FundType;
  kind: InvestmentKind;
  institution: string | null;
  amount: Total;
  termMonths: number | null;
  apy: string;
  note: string;
  recommendationId: string;
  recommendationItem: string;
  rung: number;
}

// Drafts from one recommendation item, in one transaction; CONFLICT when it is on the plan already.
export async function addPlannedInvestments(
  em: EntityManager,
  actor: AuthInfo | null,
  drafts: PlannedInvestmentDraft[],
): Promise<PlannedInvestment[]> {
  const ids = newIds(drafts.length);
  await em.transactional(async (tx) => {
    for (const [i, d] of drafts.entries()) {
      const added = await insertPlanned(tx, {
        id: ids[i],
        fundType: d.fundType,
        kind: d.kind,
        institution: d.institution,
        amount: d.amount,
        termMonths: d.termMonths,
        apy: d.apy,
        note: d.note,
        recommendationId: d.recommendationId,
        recommendationItem: d.recommendationItem,
        rung: d.rung,
        createdBy: actor?.userId ?? null,
      });
      if (!added) throw conflict('This recommendation is already on the plan');
      await recordTenantAudit(tx, actor, {
        entityType: 'PlannedInvestment',
        entityId: ids[i],
        action: 'create',
        changes: {
          kind: d.kind,
          amount: d.amount.toString(),
          termMonths: d.termMonths,
          apy: d.apy,
          recommendationId: d.recommendationId,
        },
      });
    }
  });
  return (await selectPlanned(em, { ids })).map(hydrate);
}

export async function discardPlannedInvestment(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<PlannedInvestment> {
  assertId(id, 'Planned investment');
  await em.transactional(async (tx) => {
    const row = await lockPlanned(tx, id);
    if (!row) throw notFound('Planned investment');
    if (row.status !== PlannedInvestmentStatus.DRAFT) {
      throw conflict(`This planned investment is ${row.status} already`);
    }
    await setPlannedStatus(tx, id, PlannedInvestmentStatus.DISCARDED, null);
    await recordTenantAudit(tx, actor, {
      entityType: 'PlannedInvestment',
      entityId: id,
      action: 'discard',
      changes: {},
    });
  });
  return hydrate((await selectPlanned(em, { ids: [id] }))[0]);
}

// Inside a purchase's transaction: the draft it buys must be one, of the holding account's fund.
export async function takePlannedInvestment(
  tx: EntityManager,
  id: string,
  fundType: FundType,
): Promise<(investmentId: string) => Promise<void>> {
  const row = await lockPlanned(tx, id);
  if (!row)
    throw notFound('Planned investment', [
      { field: 'plannedInvestmentId', message: 'No such planned investment' },
    ]);
  if (row.status !== PlannedInvestmentStatus.DRAFT) {
    throw conflict(`This planned investment is ${row.status} already`, [
      { field: 'plannedInvestmentId', message: `Already ${row.status}` },
    ]);
  }
  if (row.fund_type !== fundType) {
    const message = `The plan is for the ${row.fund_type} fund; pick a holding account of that fund`;
    throw badInput([{ field: 'accountId', message }], message);
  }
  return (investmentId) =>
    setPlannedStatus(tx, id, PlannedInvestmentStatus.PURCHASED, investmentId).then(() => undefined);
}
