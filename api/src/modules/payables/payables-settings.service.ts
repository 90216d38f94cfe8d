import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { controlAccountKeeper, setControlAccount } from '../journal/index.js';
import type { PayablesSettingsInput } from './payables.inputs.js';
import {
  accountState,
  adoptablePayableAccount,
  insertPayableAccount,
  nameTaken,
  type SettingsRow,
  settingsRow,
  standingBillCount,
  takenNumbers,
  updateSettingsRow,
} from './payables-settings.repository.js';
import { type BoardTitle, type PayablesSettings } from './payables.types.js';

// Accounts Payable is a control account kept by bills and bill payments alone, from its first
// day: an account with postings of its own (a balance brought from another system, a manual
// entry) would carry them into the payables, where the aging report never equals it. So the
// chart's "Accounts Payable" (20xx) is adopted only if nothing but bills and their payments ever
// posted to it; else a new one is created beside it. It changes only while no standing bill has
// posted to the current one (their balances and history are there).

const PAYABLE = { name: 'Accounts Payable', aside: 'Accounts Payable (bills)' };

export function toSettings(r: SettingsRow): PayablesSettings {
  return {
    payableAccountId: r.payable_account_id,
    approvalThreshold: toCents(r.approval_threshold),
    approvalsRequired: r.approvals_required,
    approverTitles: r.approver_titles as BoardTitle[],
  };
}

export async function payablesSettings(em: EntityManager): Promise<PayablesSettings> {
  return toSettings(await settingsRow(em));
}

// The Accounts Payable account, chosen on first use (in the transaction of the bill that needs
// it): the chart's Accounts Payable if it can be adopted, else a new operating liability numbered
// 2010 or the next free 20xx.
export async function ensurePayableAccount(
  em: EntityManager,
  actor: AuthInfo | null,
): Promise<string> {
  const current = (await settingsRow(em)).payable_account_id;
  if (current) return current;
  return em.transactional(async (tx) => {
    const row = await settingsRow(tx, 'update');
    if (row.payable_account_id) return row.payable_account_id;
    let accountId = await adoptablePayableAccount(tx);
    if (!accountId) {
      const candidates = [
        ...Array.from({ length: 90 }, (_, i) => String(2010 + i)),
        ...Array.from({ length: 10 }, (_, i) => String(2000 + i)),
      ];
      const taken = await takenNumbers(tx, candidates);
      const number = candidates.find((n) => !taken.has(n)) ?? 'AP-BILLS';
      const name = (await nameTaken(tx, PAYABLE.name)) ? PAYABLE.aside : PAYABLE.name;
      [accountId] = newIds(1);
      await insertPayableAccount(tx, { id: accountId, number, name });
      await recordTenantAudit(tx, actor, {
        entityType: 'Account',
        entityId: accountId,
        action: 'create',
        changes: { number, name, type: 'liability', fundType: 'operating' },
      });
    }
    await updateSettingsRow(tx, {
      payableAccountId: accountId,
      approvalThreshold: toCents(row.approval_threshold),
      approvalsRequired: row.approvals_required,
      approverTitles: row.approver_titles,
    });
    // Only bills and bill payments post to it from now on (the journal refuses the rest).
    await setControlAccount(tx, 'payable', accountId);
    return accountId;
  });
}

// Checks a chosen Accounts Payable account: a liability, open, nobody else's control account,
// and nothing posted to it but bills and bill payments.
async function checkPayableAccount(em: EntityManager, accountId: string): Promise<void> {
  const field = 'payableAccountId';
  const refuse = (message: string) => badInput([{ field, message }], message);
  const a = isId(accountId) ? await accountState(em, accountId) : undefined;
  if (!a) throw notFound('Account', [{ field, message: 'Account not found' }]);
  const label = `${a.number} ${a.name}`;
  if (a.type !== 'liability') throw refuse('Accounts Payable is a liability account');
  if (a.archived) throw refuse(`${label} is archived`);
  const keeper = await controlAccountKeeper(em, accountId);
  if (keeper && keeper.role !== 'payable') {
    throw refuse(`${label} is kept by ${keeper.keptBy}: choose another account`);
  }
  if (a.own_lines > 0) {
    throw refuse(
      `${label} already has postings other than bills and their payments: Accounts Payable holds only what bills owe, so choose an account without postings`,
    );
  }
}

export async function updatePayablesSettings(
  em: EntityManager,
  actor: AuthInfo | null,
  input: PayablesSettingsInput,
): Promise<PayablesSettings> {
  const wanted = input.payableAccountId;
  if (wanted) await checkPayableAccount(em, wanted);
  await em.transactional(async (tx) => {
    const before = toSettings(await settingsRow(tx, 'update'));
    const after: PayablesSettings = {
      payableAccountId: wanted ?? before.payableAccountId,
      approvalThreshold: input.approvalThreshold ?? before.approvalThreshold,
      approvalsRequired: input.approvalsRequired ?? before.approvalsRequired,
      approverTitles: input.approverTitles ?? before.approverTitles,
    };
    if (after.payableAccountId !== before.payableAccountId) {
      if (before.payableAccountId && (await standingBillCount(tx)) > 0) {
        const message =
          'Bills already post to the current Accounts Payable account; it cannot be changed';
        throw conflict(message, [{ field: 'payableAccountId', message }]);
      }
      // Checked again under the lock: a posting may have landed since.
      await checkPayableAccount(tx, after.payableAccountId!);
      await setControlAccount(tx, 'payable', after.payableAccountId!);
    }
    await updateSettingsRow(tx, after);
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof PayablesSettings)[])
        .filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]))
        .map((k) => [k, { before: before[k], after: after[k] }]),
    );
    if (Object.keys(changes).length) {
      await recordTenantAudit(tx, actor, {
        entityType: 'PayablesSettings',
        entityId: '00000000-0000-0000-0000-000000000001',
        action: 'update',
        changes,
      });
    }
  });
  return payablesSettings(em);
}
