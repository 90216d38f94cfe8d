import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { sql } from '../../db/sql.js';
import { recordTenantAudit } from '../audit/index.js';
import { controlAccountKeeper } from '../journal/index.js';
import type { BankRuleInput } from './banking.inputs.js';
import {
  deleteRule,
  insertRule,
  type RuleRow,
  ruleRows,
  setRulePositions,
  updateRule,
} from './banking.repository.js';
import { type BankRule, RuleDirection } from './banking.types.js';

export function toRule(r: RuleRow): BankRule {
  return {
    id: r.id,
    position: r.position,
    name: r.name,
    contains: r.contains,
    direction: r.direction as RuleDirection,
    bankAccountId: r.bank_account_id,
    accountId: r.account_id,
    vendorId: r.vendor_id,
    memo: r.memo,
    autoApply: r.auto_apply,
  };
}

export async function listBankRules(em: EntityManager): Promise<BankRule[]> {
  return (await ruleRows(em)).map(toRule);
}

// The ids a rule names must be this association's: its account an open account no subledger
// keeps, its vendor a vendor, its bank account a bank account.
async function checkRule(em: EntityManager, input: BankRuleInput) {
  const missing: { field: string; message: string }[] = [];
  if (!isId(input.accountId)) missing.push({ field: 'accountId', message: 'Account not found' });
  if (input.vendorId != null && !isId(input.vendorId))
    missing.push({ field: 'vendorId', message: 'Vendor not found' });
  if (input.bankAccountId != null && !isId(input.bankAccountId))
    missing.push({ field: 'bankAccountId', message: 'Bank account not found' });
  if (!missing.length) {
    const [row] = await sql(em).all<{
      account: { archived: boolean; name: string } | null;
      vendor: boolean;
      bank: boolean;
    }>(
      `SELECT (SELECT json_build_object('archived', archived, 'name', name) FROM accounts WHERE id = ?) AS account,
              (? IS NULL OR EXISTS (SELECT 1 FROM vendors WHERE id = ?::uuid)) AS vendor,
              (? IS NULL OR EXISTS (SELECT 1 FROM bank_accounts WHERE account_id = ?::uuid)) AS bank`,
      [
        input.accountId,
        input.vendorId ?? null,
        input.vendorId ?? null,
        input.bankAccountId ?? null,
        input.bankAccountId ?? null,
      ],
    );
    if (!row.account) missing.push({ field: 'accountId', message: 'Account not found' });
    if (!row.vendor) missing.push({ field: 'vendorId', message: 'Vendor not found' });
    if (!row.bank) missing.push({ field: 'bankAccountId', message: 'Bank account not found' });
    if (!missing.length) {
      if (row.account!.archived) {
        const message = `${row.account!.name} is archived`;
        throw badInput([{ field: 'accountId', message }], message);
      }
      const keeper = await controlAccountKeeper(em, input.accountId);
      if (keeper) {
        const message = `${row.account!.name} is kept by ${keeper.keptBy}; a rule cannot post to it`;
        throw badInput([{ field: 'accountId', message }], message);
      }
    }
  }
  if (missing.length) throw notFound('Record', missing);
}

function rowOf(input: BankRuleInput): Omit<RuleRow, 'id' | 'position'> {
  return {
    name: input.name.trim(),
    contains: input.contains.trim(),
    direction: input.direction ?? RuleDirection.ANY,
    bank_account_id: input.bankAccountId ?? null,
    account_id: input.accountId,
    vendor_id: input.vendorId ?? null,
    memo: input.memo?.trim() || null,
    auto_apply: input.autoApply ?? false,
  };
}

async function findRule(em: EntityManager, id: string): Promise<BankRule> {
  const [r] = await ruleRows(em, id);
  if (!r) throw notFound('Rule');
  return toRule(r);
}

export async function createBankRule(
  em: EntityManager,
  actor: AuthInfo | null,
  input: BankRuleInput,
): Promise<BankRule> {
  await checkRule(em, input);
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    await sql(tx).run(`LOCK TABLE bank_rules IN SHARE ROW EXCLUSIVE MODE`);
    await insertRule(tx, id, rowOf(input));
    await recordTenantAudit(tx, actor, {
      entityType: 'BankRule',
      entityId: id,
      action: 'create',
      changes: rowOf(input),
    });
  });
  return findRule(em, id);
}

export async function updateBankRule(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  input: BankRuleInput,
): Promise<BankRule> {
  assertId(id, 'Rule');
  await findRule(em, id);
  await checkRule(em, input);
  await em.transactional(async (tx) => {
    await updateRule(tx, id, rowOf(input));
    await recordTenantAudit(tx, actor, {
      entityType: 'BankRule',
      entityId: id,
      action: 'update',
      changes: rowOf(input),
    });
  });
  return findRule(em, id);
}

export async function deleteBankRule(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  assertId(id, 'Rule');
  await findRule(em, id);
  await em.transactional(async (tx) => {
    await deleteRule(tx, id);
    await recordTenantAudit(tx, actor, { entityType: 'BankRule', entityId: id, action: 'delete' });
  });
  return true;
}

// Puts the rules in this order (every rule, each once): the first rule a line meets applies.
export async function reorderBankRules(
  em: EntityManager,
  actor: AuthInfo | null,
  ids: string[],
): Promise<BankRule[]> {
  const rules = await ruleRows(em);
  const known = new Set(rules.map((r) => r.id));
  const unknown = ids.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id));
  if (unknown.length) {
    throw notFound(
      'Rule',
      unknown.map(({ i }) => ({ field: `ids.${i}`, message: 'Rule not found' })),
    );
  }
  if (new Set(ids).size !== ids.length || ids.length !== rules.length) {
    const message = 'List every rule once';
    throw badInput([{ field: 'ids', message }], message);
  }
  if (!ids.length) return [];
  await em.transactional(async (tx) => {
    await setRulePositions(tx, ids);
    await recordTenantAudit(tx, actor, {
      entityType: 'BankRule',
      entityId: ids[0],
      action: 'reorder',
      changes: { ids },
    });
  });
  return listBankRules(em);
}
