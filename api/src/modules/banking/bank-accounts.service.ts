import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { sql } from '../../db/sql.js';
import { recordTenantAudit } from '../audit/index.js';
import { controlAccountKeeper } from '../journal/index.js';
import type { SetBankAccountInput } from './banking.inputs.js';
import {
  type BankAccountRow,
  bankAccountRows,
  deleteBankAccount,
  hasBankActivity,
  upsertBankAccount,
} from './banking.repository.js';
import { type BankAccount, BankAccountKind, type CsvMapping } from './banking.types.js';

function toBankAccount(r: BankAccountRow): BankAccount {
  return {
    accountId: r.account_id,
    institution: r.institution,
    maskedNumber: r.masked_number,
    kind: r.kind as BankAccountKind,
    statementDay: r.statement_day,
    csvMapping: (r.csv_mapping as CsvMapping | null) ?? null,
    bookBalance: toCents(r.book_balance),
    reconciledThrough: r.reconciled_through,
    lastLineDate: r.last_line_date,
    unmatchedLines: r.unmatched_lines,
  };
}

export async function listBankAccounts(em: EntityManager, today: string): Promise<BankAccount[]> {
  return (await bankAccountRows(em, today)).map(toBankAccount);
}

// A bank account of this association (NOT_FOUND for any other id, `field` naming the input).
export async function findBankAccount(
  em: EntityManager,
  accountId: string,
  today: string,
  field = 'accountId',
): Promise<BankAccount> {
  assertId(accountId, 'Bank account');
  const [row] = await bankAccountRows(em, today, [accountId]);
  if (!row) throw notFound('Bank account', [{ field, message: 'Bank account not found' }]);
  return toBankAccount(row);
}

// Marks a cash account as a bank account, or changes its bank details. The account must be an
// asset account of the chart that is not archived and not kept by a subledger other than
// investments (a money-market or savings holding account can be a bank account: its interest and
// redemptions are the investment's entries, which the reconciliation matches).
export async function setBankAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  input: SetBankAccountInput,
  today: string,
): Promise<BankAccount> {
  assertId(input.accountId, 'Account');
  const [acct] = await sql(em).all<{
    type: string;
    archived: boolean;
    number: string;
    name: string;
  }>(`SELECT type, archived, number, name FROM accounts WHERE id = ?`, [input.accountId]);
  if (!acct) throw notFound('Account', [{ field: 'accountId', message: 'Account not found' }]);
  const refuse = (message: string) => badInput([{ field: 'accountId', message }], message);
  if (acct.type !== 'asset') throw refuse('A bank account is an asset (cash) account');
  if (acct.archived) throw refuse(`Account ${acct.number} ${acct.name} is archived`);
  const keeper = await controlAccountKeeper(em, input.accountId);
  if (keeper && keeper.role !== 'investment') {
    throw refuse(
      `${acct.name} is kept by ${keeper.keptBy}; choose the cash account the bank holds`,
    );
  }
  const institution = input.institution.trim();
  if (!institution)
    throw badInput([{ field: 'institution', message: 'Name the bank' }], 'Name the bank');
  await em.transactional(async (tx) => {
    await upsertBankAccount(tx, {
      accountId: input.accountId,
      institution,
      maskedNumber: input.maskedNumber,
      kind: input.kind ?? BankAccountKind.CHECKING,
      statementDay: input.statementDay ?? 31,
    });
    await recordTenantAudit(tx, actor, {
      entityType: 'BankAccount',
      entityId: input.accountId,
      action: 'update',
      changes: { institution, maskedNumber: input.maskedNumber, kind: input.kind },
    });
  });
  return findBankAccount(em, input.accountId, today);
}

// Unmarks a bank account that has no imported lines or matches yet (history stays otherwise).
export async function removeBankAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
  today: string,
): Promise<boolean> {
  await findBankAccount(em, accountId, today);
  if (await hasBankActivity(em, accountId)) {
    throw conflict('This bank account has imported statements; it stays a bank account');
  }
  await em.transactional(async (tx) => {
    await deleteBankAccount(tx, accountId);
    await recordTenantAudit(tx, actor, {
      entityType: 'BankAccount',
      entityId: accountId,
      action: 'delete',
    });
  });
  return true;
}
