import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { recordTenantAudit } from '../audit/index.js';
import type { CheckSettingsInput } from './bill-payments.inputs.js';
import {
  type CheckSettingsRow,
  checkSettingsRow,
  updateCheckSettings,
  usedCheckNumbers,
} from './bill-payments.repository.js';
import type { CheckSettings } from './bill-payments.types.js';

// What a bank account's checks print: the next check number, and the MICR line's routing number
// (in clear: it is public, the bank's) and account number (sealed at rest like a vendor's tax id,
// shown only by its last four digits; opened only to print checks and the positive-pay file).

// Where a bank account's number is sealed: a sealed value opens only for the row it was sealed for.
export const accountNumberContext = (bankAccountId: string) =>
  `bank_account:${bankAccountId}:account_number`;

// The ABA routing number's check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

// An account number as the MICR line prints it: 4 to 17 digits (spaces and dashes people type
// are dropped).
export function normalizeAccountNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{4,17}$/.test(digits) ? digits : null;
}

function toCheckSettings(r: CheckSettingsRow): CheckSettings {
  return {
    bankAccountId: r.account_id,
    nextCheckNumber: Number(r.next_check_number),
    routingNumber: r.routing_number,
    accountNumberLast4: r.account_number_last4,
    micrReady: !!r.routing_number && !!r.account_number_sealed,
  };
}

async function bankAccountRow(
  em: EntityManager,
  bankAccountId: string,
  opts: { lock?: boolean } = {},
): Promise<CheckSettingsRow> {
  assertId(bankAccountId, 'Bank account');
  const row = await checkSettingsRow(em, bankAccountId, opts);
  if (!row) {
    throw notFound('Bank account', [{ field: 'bankAccountId', message: 'Bank account not found' }]);
  }
  return row;
}

export async function checkSettings(
  em: EntityManager,
  bankAccountId: string,
): Promise<CheckSettings> {
  return toCheckSettings(await bankAccountRow(em, bankAccountId));
}

// Sets what is given: a field left out stays; an empty routing or account number removes it.
export async function setCheckSettings(
  em: EntityManager,
  secrets: SecretBox,
  actor: AuthInfo | null,
  input: CheckSettingsInput,
): Promise<CheckSettings> {
  const details: FieldDetail[] = [];
  const routing = input.routingNumber?.replace(/\s/g, '');
  if (routing && !isRoutingNumber(routing)) {
    details.push({
      field: 'routingNumber',
      message: /^\d{9}$/.test(routing)
        ? 'This routing number does not pass its check digit: check it against a check or the bank'
        : 'A routing number is 9 digits',
    });
  }
  const account =
    input.accountNumber === undefined || input.accountNumber === null
      ? undefined
      : input.accountNumber.trim() === ''
        ? ''
        : normalizeAccountNumber(input.accountNumber);
  if (account === null) {
    details.push({ field: 'accountNumber', message: 'An account number is 4 to 17 digits' });
  }
  if (details.length) throw badInput(details, details[0].message);
  await em.transactional(async (tx) => {
    const row = await bankAccountRow(tx, input.bankAccountId, { lock: true });
    const next = input.nextCheckNumber ?? Number(row.next_check_number);
    if (next !== Number(row.next_check_number)) {
      const [used] = await usedCheckNumbers(tx, row.account_id, next, next);
      if (used !== undefined) {
        const message = `Check ${next} was already issued from this account: start at the first blank check`;
        throw badInput([{ field: 'nextCheckNumber', message }], message);
      }
    }
    const sealed =
      account === undefined
        ? row.account_number_sealed
        : account
          ? secrets.seal(account, accountNumberContext(row.account_id))
          : null;
    const last4 =
      account === undefined ? row.account_number_last4 : account ? account.slice(-4) : null;
    const routingNumber = routing === undefined ? row.routing_number : routing || null;
    await updateCheckSettings(tx, row.account_id, {
      nextCheckNumber: next,
      routingNumber,
      accountNumberSealed: sealed,
      accountNumberLast4: last4,
    });
    await recordTenantAudit(tx, actor, {
      entityType: 'CheckSettings',
      entityId: row.account_id,
      action: 'update',
      // Never the account number itself: its last four, as the settings show it.
      changes: {
        nextCheckNumber: next,
        routingNumber,
        accountNumberLast4: last4,
      },
    });
  });
  return checkSettings(em, input.bankAccountId);
}

// The whole account number of a bank account, opened from its seal (null when none is set): for
// printing checks and writing the positive-pay file only.
export function openAccountNumber(
  secrets: SecretBox,
  row: Pick<CheckSettingsRow, 'account_id' | 'account_number_sealed'>,
): string | null {
  return row.account_number_sealed
    ? secrets.open(row.account_number_sealed, accountNumberContext(row.account_id))
    : null;
}

// The bank account's check settings row with its account number opened (checks, positive pay).
export async function micrNumbers(
  em: EntityManager,
  secrets: SecretBox,
  bankAccountId: string,
): Promise<{ row: CheckSettingsRow; accountNumber: string | null } | null> {
  const row = await checkSettingsRow(em, bankAccountId);
  return row ? { row, accountNumber: openAccountNumber(secrets, row) } : null;
}
