import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict } from '../../core/errors/app-error.js';
import { recordTenantAudit } from '../audit/index.js';
import { controlAccountKeeper, setControlAccount } from '../journal/index.js';
import { checkAccounts } from './account-checks.service.js';
import type { ReceivablesSettingsInput } from './assessments.inputs.js';
import type { ReceivablesSettings } from './assessments.types.js';
import {
  accountFund,
  accountNameTaken,
  assetAccountNamed,
  heldUndepositedAccount,
  insertPrepaidAccount,
  insertReceivableAccount,
  insertSettings,
  isBankAccount,
  liabilityAccountNamed,
  lockSettings,
  postingsOfItsOwn,
  setPrepaidAccountRow,
  setUndepositedAccountRow,
  settingsRow,
  standingCreditCount,
  standingInvoiceCount,
  takenPrepaidNumbers,
  takenReceivableNumbers,
  updateSettingsRow,
  waitingPaymentCount,
} from './receivables-settings.repository.js';

const RECEIVABLE = {
  number: '1200',
  name: 'Assessments Receivable',
  // The name of the one created beside an account of that name that has postings of its own.
  aside: 'Assessments Receivable (by unit)',
};
const PREPAID = {
  number: '2100',
  name: 'Prepaid Assessments',
  aside: "Prepaid Assessments (owners' credit)",
};

// A control account takes only its subledger's postings, from its first day. An account with
// postings of its own (a balance brought from another system, a manual entry) would carry them
// into the receivables, where no journal entry can correct them and the aging report never
// equals it; so an account is adopted by its name only if nothing was ever posted to it (else a
// new one is created beside it), and one chosen in the settings is refused.
const KEPT_BY = {
  receivableAccountId: {
    owners: ['invoice', 'payment'],
    rule: 'the receivable account takes only invoices and payments',
  },
  prepaidAccountId: { owners: ['payment'], rule: 'Prepaid Assessments takes only payments' },
};

async function assertOnlySubledgerPostings(
  tx: EntityManager,
  field: keyof typeof KEPT_BY,
  accountId: string,
): Promise<void> {
  const own = await postingsOfItsOwn(tx, accountId, KEPT_BY[field].owners);
  if (own && own.lines > 0) {
    const message = `${own.number} ${own.name} already has postings of its own: ${KEPT_BY[field].rule}, so choose an account without postings`;
    throw badInput([{ field, message }], message);
  }
}

// The Prepaid Assessments account (owners' credit), in the receivable's fund: the liability of
// that name, or a new one under the first free number from 2100. Registered as the control
// account kept by payments. Call inside the transaction that holds the settings lock.
async function ensurePrepaidAccount(
  tx: EntityManager,
  actor: AuthInfo | null,
  receivableAccountId: string,
): Promise<string> {
  const fund = (await accountFund(tx, receivableAccountId)) ?? 'operating';
  let accountId = await liabilityAccountNamed(tx, PREPAID.name, fund);
  if (!accountId) {
    const taken = await takenPrepaidNumbers(tx);
    let n = Number(PREPAID.number);
    while (taken.has(String(n)) && n < 2199) n++;
    const number = taken.has(String(n)) ? 'PREPAID-ASSESSMENTS' : String(n);
    const name = (await accountNameTaken(tx, PREPAID.name)) ? PREPAID.aside : PREPAID.name;
    accountId = randomUUID();
    await insertPrepaidAccount(tx, { id: accountId, number, name, fund });
    await recordTenantAudit(tx, actor, {
      entityType: 'Account',
      entityId: accountId,
      action: 'create',
      changes: { number, name, type: 'liability', fundType: fund },
    });
  }
  await setPrepaidAccountRow(tx, accountId);
  await setControlAccount(tx, 'prepaid', accountId);
  return accountId;
}

// The settings row, created on first use with an "Assessments Receivable" asset account (found by
// name, or created under the first free number from 1200).
export async function receivablesSettings(
  em: EntityManager,
  actor: AuthInfo | null = null,
): Promise<ReceivablesSettings> {
  let row = await settingsRow(em);
  if (!row) {
    await em.transactional(async (tx) => {
      await lockSettings(tx);
      if (await settingsRow(tx)) return;
      let accountId = await assetAccountNamed(tx, RECEIVABLE.name);
      if (!accountId) {
        const taken = await takenReceivableNumbers(tx);
        let n = Number(RECEIVABLE.number);
        while (taken.has(String(n)) && n < 1299) n++;
        const number = taken.has(String(n)) ? 'AR-ASSESSMENTS' : String(n);
        const name = (await accountNameTaken(tx, RECEIVABLE.name))
          ? RECEIVABLE.aside
          : RECEIVABLE.name;
        accountId = randomUUID();
        await insertReceivableAccount(tx, { id: accountId, number, name });
        await recordTenantAudit(tx, actor, {
          entityType: 'Account',
          entityId: accountId,
          action: 'create',
          changes: { number, name, type: 'asset', fundType: 'operating' },
        });
      }
      await insertSettings(tx, accountId);
      // Only invoices and payments post to the receivable account (the journal refuses the rest).
      await setControlAccount(tx, 'receivable', accountId);
      await ensurePrepaidAccount(tx, actor, accountId);
    });
    row = (await settingsRow(em))!;
  }
  if (!row.prepaid_account_id) {
    await em.transactional(async (tx) => {
      await lockSettings(tx);
      const again = (await settingsRow(tx))!;
      if (!again.prepaid_account_id) {
        await ensurePrepaidAccount(tx, actor, again.receivable_account_id);
      }
    });
    row = (await settingsRow(em))!;
  }
  return {
    receivableAccountId: row.receivable_account_id,
    depositAccountId: row.deposit_account_id,
    prepaidAccountId: row.prepaid_account_id!,
    undepositedAccountId: row.undeposited_account_id,
  };
}

// Undeposited Funds. An association that keeps it records payments there (checks and cash in
// hand, an autopay batch, a card processor's payout to come) and a deposit (Banking) carries them
// to the bank as the bank shows them: one bank line per deposit slip, batch or payout, which the
// reconciliation matches. The rule:
// - Null (every book before it, and any association that does not keep it): a payment recorded
//   without a deposit account goes to the default deposit account, as it always did.
// - Set: a payment recorded without a deposit account goes to Undeposited Funds; one naming a bank
//   account still goes there (an ACH that lands in the bank directly).
// - The account is a control account kept by payments and deposits, so it must be an operating
//   asset account, not archived, not a bank account, not kept by another subledger, not the
//   default deposit account, and without postings other than payments' and deposits' (else its
//   balance would never equal the payments waiting in it, which the ledger check compares).
// - It is changed or cleared only while no payment waits in it (they would be stranded there).
//   A cleared account stays kept by payments and deposits (it holds their history, netting to
//   nothing) until another account is chosen; a deposit made from it is voided only while it is
//   Undeposited Funds again.
async function changeUndepositedAccount(
  tx: EntityManager,
  field: string,
  accountId: string | null,
  before: ReceivablesSettings,
  depositAccountId: string | null,
): Promise<void> {
  const current = before.undepositedAccountId;
  if (accountId === current) return;
  if (accountId) {
    const refuse = (message: string) => badInput([{ field, message }], message);
    const own = (await postingsOfItsOwn(tx, accountId, ['payment', 'deposit']))!;
    const label = `${own.number} ${own.name}`;
    if ((await accountFund(tx, accountId)) !== 'operating') {
      throw refuse('Undeposited Funds is an asset account of the operating fund');
    }
    const keeper = await controlAccountKeeper(tx, accountId);
    if (keeper && keeper.role !== 'undeposited') {
      throw refuse(`${label} is kept by ${keeper.keptBy}: choose another account`);
    }
    if (await isBankAccount(tx, accountId)) {
      throw refuse(
        `${label} is a bank account; Undeposited Funds is where payments wait before the bank`,
      );
    }
    if (accountId === depositAccountId) {
      throw refuse(
        `${label} is the default deposit account: make the bank account the default, then choose ${label} as Undeposited Funds`,
      );
    }
    if (own.lines > 0) {
      throw refuse(
        `${label} already has postings other than payments: Undeposited Funds holds only payments waiting for a deposit, so choose a new account (e.g. 1050 Undeposited Funds)`,
      );
    }
  }
  if (current && (await waitingPaymentCount(tx, current)) > 0) {
    const message = accountId
      ? 'Payments wait in the current Undeposited Funds account: deposit them (Banking) before choosing another'
      : 'Payments wait in Undeposited Funds: deposit them (Banking) before you stop keeping it';
    throw conflict(message, [{ field, message }]);
  }
  await setUndepositedAccountRow(tx, accountId);
  if (accountId) await setControlAccount(tx, 'undeposited', accountId);
}

// Chooses (or, with null, stops keeping) Undeposited Funds; see the rule above. `field` names the
// caller's input in messages.
export async function setUndepositedAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  accountId: string | null,
  field = 'undepositedAccountId',
): Promise<ReceivablesSettings> {
  await checkAccounts(em, [{ field, id: accountId, types: ['asset'], what: 'an asset account' }]);
  await receivablesSettings(em, actor);
  await em.transactional(async (tx) => {
    await lockSettings(tx);
    const before = await receivablesSettings(tx, actor);
    if (before.undepositedAccountId === accountId) return;
    await changeUndepositedAccount(tx, field, accountId, before, before.depositAccountId);
    await recordTenantAudit(tx, actor, {
      entityType: 'ReceivablesSettings',
      entityId: before.receivableAccountId,
      action: 'update',
      changes: { undepositedAccountId: { before: before.undepositedAccountId, after: accountId } },
    });
  });
  return receivablesSettings(em);
}

// The Undeposited Funds account (null when the association does not keep it), held until the
// caller's transaction ends: a payment posted into it cannot race the setting's change, which
// counts the payments waiting there.
export function undepositedAccountHeld(tx: EntityManager): Promise<string | null> {
  return heldUndepositedAccount(tx);
}

export async function updateReceivablesSettings(
  em: EntityManager,
  actor: AuthInfo | null,
  input: ReceivablesSettingsInput,
): Promise<ReceivablesSettings> {
  await checkAccounts(em, [
    {
      field: 'receivableAccountId',
      id: input.receivableAccountId,
      types: ['asset'],
      what: 'an asset account',
    },
    {
      field: 'depositAccountId',
      id: input.depositAccountId,
      types: ['asset'],
      what: 'an asset (cash) account',
    },
    {
      field: 'prepaidAccountId',
      id: input.prepaidAccountId,
      types: ['liability'],
      what: 'a liability account',
    },
    {
      field: 'undepositedAccountId',
      id: input.undepositedAccountId,
      types: ['asset'],
      what: 'an asset account',
    },
  ]);
  if (input.prepaidAccountId && input.prepaidAccountId === input.depositAccountId) {
    const message =
      'Prepaid Assessments is kept by payments: choose the bank account payments go into';
    throw badInput([{ field: 'depositAccountId', message }], message);
  }
  if (input.depositAccountId && input.depositAccountId === input.receivableAccountId) {
    const message =
      'The receivable account is kept by invoices and payments: choose the bank account payments go into';
    throw badInput([{ field: 'depositAccountId', message }], message);
  }
  const before = await receivablesSettings(em, actor);
  // Omitted: Undeposited Funds stays as it is (clients that predate it never clear it).
  const undeposited =
    input.undepositedAccountId === undefined
      ? before.undepositedAccountId
      : input.undepositedAccountId;
  // (Chosen together, the Undeposited Funds rule below names the clash.)
  if (
    input.undepositedAccountId === undefined &&
    input.depositAccountId &&
    input.depositAccountId === undeposited
  ) {
    const message =
      'Undeposited Funds is kept by payments and deposits: choose the bank account deposits go into';
    throw badInput([{ field: 'depositAccountId', message }], message);
  }
  // Another subledger's account (Undeposited Funds, an investment holding account) stays its own.
  const keeper = await controlAccountKeeper(em, input.receivableAccountId);
  if (keeper && keeper.role !== 'receivable') {
    const message = `This account is kept by ${keeper.keptBy}: choose another account`;
    throw badInput([{ field: 'receivableAccountId', message }], message);
  }
  await em.transactional(async (tx) => {
    await lockSettings(tx);
    // Switching the receivable account would orphan open balances on the old one.
    if (
      before.receivableAccountId !== input.receivableAccountId &&
      (await standingInvoiceCount(tx)) > 0
    ) {
      throw conflict(
        'Invoices already post to the current receivable account; it cannot be changed',
        [
          {
            field: 'receivableAccountId',
            message: 'Invoices already use the current receivable account',
          },
        ],
      );
    }
    if (before.receivableAccountId !== input.receivableAccountId) {
      await assertOnlySubledgerPostings(tx, 'receivableAccountId', input.receivableAccountId);
    }
    const prepaidAccountId = input.prepaidAccountId ?? before.prepaidAccountId;
    if (prepaidAccountId !== before.prepaidAccountId) {
      // The owners' credit already sits in the current account.
      if ((await standingCreditCount(tx)) > 0) {
        const message =
          'Owners already have credit in the current Prepaid Assessments account; it cannot be changed';
        throw conflict(message, [{ field: 'prepaidAccountId', message }]);
      }
      await assertOnlySubledgerPostings(tx, 'prepaidAccountId', prepaidAccountId);
    }
    if (
      (await accountFund(tx, prepaidAccountId)) !==
      (await accountFund(tx, input.receivableAccountId))
    ) {
      const message = 'Prepaid Assessments must be in the same fund as the receivable account';
      throw badInput([{ field: 'prepaidAccountId', message }], message);
    }
    await updateSettingsRow(tx, input.receivableAccountId, input.depositAccountId ?? null);
    await setControlAccount(tx, 'receivable', input.receivableAccountId);
    await setPrepaidAccountRow(tx, prepaidAccountId);
    await setControlAccount(tx, 'prepaid', prepaidAccountId);
    await changeUndepositedAccount(
      tx,
      'undepositedAccountId',
      undeposited,
      await receivablesSettings(tx, actor),
      input.depositAccountId ?? null,
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'ReceivablesSettings',
      entityId: input.receivableAccountId,
      action: 'update',
      changes: {
        before,
        after: {
          receivableAccountId: input.receivableAccountId,
          depositAccountId: input.depositAccountId ?? null,
          prepaidAccountId,
          undepositedAccountId: undeposited,
        },
      },
    });
  });
  return receivablesSettings(em);
}
