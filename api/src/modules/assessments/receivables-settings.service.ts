import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict } from '../../core/errors/app-error.js';
import { recordTenantAudit } from '../audit/index.js';
import { setControlAccount } from '../journal/index.js';
import { checkAccounts } from './account-checks.service.js';
import type { ReceivablesSettingsInput } from './assessments.inputs.js';
import type { ReceivablesSettings } from './assessments.types.js';
import {
  assetAccountNamed,
  insertReceivableAccount,
  insertSettings,
  lockSettings,
  settingsRow,
  standingInvoiceCount,
  takenReceivableNumbers,
  updateSettingsRow,
} from './receivables-settings.repository.js';

const RECEIVABLE = { number: '1200', name: 'Assessments Receivable' };

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
        accountId = randomUUID();
        await insertReceivableAccount(tx, { id: accountId, number, name: RECEIVABLE.name });
        await recordTenantAudit(tx, actor, {
          entityType: 'Account',
          entityId: accountId,
          action: 'create',
          changes: { number, name: RECEIVABLE.name, type: 'asset', fundType: 'operating' },
        });
      }
      await insertSettings(tx, accountId);
      // Only invoices and payments post to the receivable account (the journal refuses the rest).
      await setControlAccount(tx, 'receivable', accountId);
    });
    row = (await settingsRow(em))!;
  }
  return {
    receivableAccountId: row.receivable_account_id,
    depositAccountId: row.deposit_account_id,
  };
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
  ]);
  if (input.depositAccountId && input.depositAccountId === input.receivableAccountId) {
    const message =
      'The receivable account is kept by invoices and payments: choose the bank account payments go into';
    throw badInput([{ field: 'depositAccountId', message }], message);
  }
  const before = await receivablesSettings(em, actor);
  await em.transactional(async (tx) => {
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
    await updateSettingsRow(tx, input.receivableAccountId, input.depositAccountId ?? null);
    await setControlAccount(tx, 'receivable', input.receivableAccountId);
    await recordTenantAudit(tx, actor, {
      entityType: 'ReceivablesSettings',
      entityId: input.receivableAccountId,
      action: 'update',
      changes: {
        before,
        after: {
          receivableAccountId: input.receivableAccountId,
          depositAccountId: input.depositAccountId ?? null,
        },
      },
    });
  });
  return receivablesSettings(em);
}
