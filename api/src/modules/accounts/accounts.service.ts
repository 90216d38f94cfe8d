import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { displayMoney, MAX_AMOUNT, toTotal } from '../../core/money/money.js';
import { diff, recordTenantAudit } from '../audit/index.js';
import { type AccountEntryLine, accountLedger } from './ledger-port.service.js';
import {
  Account,
  AccountForecastRole,
  AccountType,
  defaultInterfundTransfer,
  FORECAST_ROLE_NEEDS,
  FundType,
} from './accounts.entity.js';
import type { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';
import {
  insertReclassification,
  lockAccountForArchive,
  selectAccounts,
  selectClassificationNets,
  selectLastPostingDates,
  selectReclassifications,
} from './accounts.repository.js';

// Reads go straight to SQL (the repository) and come back as plain objects; writes use the ORM.
export function listAccounts(
  em: EntityManager,
  opts: { includeArchived?: boolean; fields?: ReadonlySet<string> } = {},
): Promise<Account[]> {
  return selectAccounts(em, opts);
}

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

// Each fund's opening-balance equity account, created the first time an opening balance needs it:
// 3900 / 3910, at the end of the equity range. Books from before numbered it "OBE-OPERATING" /
// "OBE-RESERVE"; tenant migration 015 renumbered it where the number was free, and the old number
// still finds it where it was not.
const OPENING_EQUITY: Record<FundType, { number: string; legacyNumber: string; name: string }> = {
  [FundType.OPERATING]: {
    number: '3900',
    legacyNumber: 'OBE-OPERATING',
    name: 'Opening Balance Equity (Operating)',
  },
  [FundType.RESERVE]: {
    number: '3910',
    legacyNumber: 'OBE-RESERVE',
    name: 'Opening Balance Equity (Reserve)',
  },
};

export async function openingEquityAccount(em: EntityManager, fund: FundType): Promise<Account> {
  const { legacyNumber, ...spec } = OPENING_EQUITY[fund];
  const candidates = await em.find(Account, {
    $or: [
      { number: { $in: [legacyNumber, spec.number] } },
      { name: spec.name, type: AccountType.EQUITY, fundType: fund },
    ],
  });
  // The old number first (only this code ever gave it), then the name, then the number (renamed
  // since): an equity account of the fund either way, so an account of another kind that took
  // the number never takes opening balances.
  const ours = (a: Account) => a.type === AccountType.EQUITY && a.fundType === fund;
  const existing =
    candidates.find((a) => a.number === legacyNumber) ??
    candidates.find((a) => a.name === spec.name && ours(a)) ??
    candidates.find((a) => a.number === spec.number && ours(a));
  if (existing) return existing;
  // The first free number from 3900 (3910) within its ten, else the old one.
  const base = Number(spec.number);
  const range = Array.from({ length: 10 }, (_, i) => String(base + i));
  const taken = new Set(
    (await em.find(Account, { number: { $in: range } }, { fields: ['number'] })).map(
      (a) => a.number,
    ),
  );
  const number = range.find((n) => !taken.has(n)) ?? legacyNumber;
  const account = em.create(Account, {
    ...spec,
    number,
    type: AccountType.EQUITY,
    fundType: fund,
    description: 'Balancing account of opening balances',
  });
  await em.flush();
  return account;
}

const ROLE_LABEL: Record<AccountForecastRole, string> = {
  [AccountForecastRole.RESERVE_TRANSFER]: 'Transfer to reserves',
  [AccountForecastRole.RESERVE_CONTRIBUTION]: 'Reserve contribution',
  [AccountForecastRole.INTEREST_INCOME]: 'Interest income',
};

// Refuses a role the account's type and fund cannot carry (the tenant CHECKs hold the same
// rule); `kept`: the role was not given in this edit, the type or fund changed under it.
function checkForecastRole(
  role: AccountForecastRole | null | undefined,
  type: AccountType,
  fund: FundType,
  kept = false,
): void {
  if (!role) return;
  const needs = FORECAST_ROLE_NEEDS[role];
  if (needs.type === type && (needs.fund === null || needs.fund === fund)) return;
  const what = needs.fund
    ? `an ${needs.type} account of the ${needs.fund} fund`
    : `an ${needs.type} account`;
  const message = kept
    ? `Its role in forecasts, ${ROLE_LABEL[role]}, needs ${what}: clear the role to change its type or fund`
    : `${ROLE_LABEL[role]} needs ${what}`;
  throw badInput([{ field: 'forecastRole', message }], message);
}

// Only income (a transfer into its fund) and expense (out of it) accounts carry transfers; the
// tenant CHECK holds the same rule. `kept`: the flag was not given in this edit, the type changed.
function checkInterfundTransfer(transfer: boolean, type: AccountType, kept = false): void {
  if (!transfer || type === AccountType.INCOME || type === AccountType.EXPENSE) return;
  const message = kept
    ? 'It is an interfund transfer account: unmark it to make it anything but income or expense'
    : 'Only an income or expense account can be an interfund transfer account';
  throw badInput([{ field: kept ? 'type' : 'interfundTransfer', message }], message);
}

function uniqueNumber(err: unknown, number: string): never {
  if (err instanceof UniqueConstraintViolationException) {
    const message = `Account number ${number} already exists`;
    throw conflict(message, [{ field: 'number', message }]);
  }
  throw err;
}

// The account and, with an initial balance, its opening-balance entry: one transaction, so there
// is never an account without the entry it was created with.
export async function createAccount(
  em: EntityManager,
  input: CreateAccountInput,
  actor: AuthInfo | null = null,
): Promise<Account> {
  // Field checks (blank name, opening balance without a date) are on CreateAccountInput.
  const name = input.name.trim();
  const number = input.number.trim();
  const forecastRole = input.forecastRole ?? null;
  checkForecastRole(forecastRole, input.type, input.fundType);
  const interfundTransfer = input.interfundTransfer ?? defaultInterfundTransfer(forecastRole);
  checkInterfundTransfer(interfundTransfer, input.type);
  try {
    return await em.transactional(async (tx) => {
      const account = tx.create(Account, {
        number,
        name,
        type: input.type,
        fundType: input.fundType,
        description: input.description?.trim() || null,
        forecastRole,
        interfundTransfer,
      });
      await tx.flush();
      await recordTenantAudit(tx, actor, {
        entityType: 'Account',
        entityId: account.id,
        action: 'create',
        changes: {
          number,
          name,
          type: input.type,
          fundType: input.fundType,
          ...(forecastRole ? { forecastRole } : {}),
          ...(interfundTransfer ? { interfundTransfer } : {}),
        },
      });
      const amount = input.initialBalance ?? 0;
      if (amount !== 0) {
        const equity = await openingEquityAccount(tx, input.fundType);
        // Positive = the account's normal side (debit for assets and expenses).
        const debitAccount = DEBIT_NORMAL.has(input.type) === amount > 0;
        const abs = Math.abs(amount);
        await accountLedger().post(
          tx,
          actor,
          {
            date: input.openingDate!,
            memo: `Opening balance of ${number} ${name}`,
            lines: [
              { accountId: account.id, ...(debitAccount ? { debit: abs } : { credit: abs }) },
              { accountId: equity.id, ...(debitAccount ? { credit: abs } : { debit: abs }) },
            ],
          },
          { source: 'opening_balance' },
        );
      }
      return account;
    });
  } catch (err) {
    return uniqueNumber(err, number);
  }
}

export async function findAccount(em: EntityManager, id: string): Promise<Account> {
  const account = isId(id) ? await em.findOne(Account, id) : null;
  if (!account) throw notFound('Account');
  return account;
}

const EDITABLE = [
  'number',
  'name',
  'type',
  'fundType',
  'description',
  'forecastRole',
  'interfundTransfer',
] as const;
type Editable = Pick<Account, (typeof EDITABLE)[number]>;

// "income, operating fund"
const classLabel = (type: AccountType, fund: FundType) => `${type}, ${fund} fund`;

function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// Name, number and description change freely, and so does the role in forecasts as long as it
// suits the type and fund the account ends with. The type and fund of an account with postings
// change as of an effective date after its latest posting, so that no report as of an earlier
// date changes: its lines keep the classification they were posted in, and one entry dated then
// (source RECLASSIFICATION) moves its balance from the old classification to the new one, with
// the interfund lines the ledger adds when the funds differ; the reclassification is recorded and
// audited, and postings dated before it are refused from then on. Control accounts keep the type
// and fund their subledger (or the ledger) relies on. One transaction, the account locked.
export async function updateAccount(
  em: EntityManager,
  id: string,
  patch: UpdateAccountInput,
  actor: AuthInfo | null,
): Promise<Account> {
  if (!isId(id)) throw notFound('Account');
  try {
    return await em.transactional(async (tx) => {
      const account = await tx.findOne(Account, id, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
        refresh: true,
      });
      if (!account) throw notFound('Account');
      const before: Editable = {
        number: account.number,
        name: account.name,
        type: account.type,
        fundType: account.fundType,
        description: account.description ?? null,
        forecastRole: account.forecastRole ?? null,
        interfundTransfer: account.interfundTransfer,
      };
      const next: Editable = {
        number: patch.number?.trim() ?? before.number,
        name: patch.name?.trim() ?? before.name,
        type: patch.type ?? before.type,
        fundType: patch.fundType ?? before.fundType,
        description:
          patch.description !== undefined ? patch.description?.trim() || null : before.description,
        forecastRole: patch.forecastRole !== undefined ? patch.forecastRole : before.forecastRole,
        interfundTransfer: patch.interfundTransfer ?? before.interfundTransfer,
      };
      checkForecastRole(
        next.forecastRole,
        next.type,
        next.fundType,
        patch.forecastRole === undefined,
      );
      checkInterfundTransfer(next.interfundTransfer, next.type, patch.interfundTransfer == null);
      const changes = diff(before, next, [...EDITABLE]);
      if (!Object.keys(changes).length) return account;
      const reclassified =
        changes.type || changes.fundType
          ? await reclassify(tx, account, next, patch.effectiveDate ?? null, actor)
          : null;
      // Only now: the entry above flushes whatever this transaction's entities hold, and the
      // database takes a new type or fund only once the reclassification is recorded.
      Object.assign(account, next);
      await tx.flush();
      await recordTenantAudit(tx, actor, {
        entityType: 'Account',
        entityId: id,
        action: reclassified ? 'reclassify' : 'update',
        changes: reclassified
          ? {
              ...changes,
              effectiveDate: reclassified.effectiveDate,
              entryId: reclassified.entryId,
            }
          : changes,
      });
      return account;
    });
  } catch (err) {
    return uniqueNumber(err, patch.number?.trim() ?? '');
  }
}

// Checks and records a change of type or fund (see updateAccount); null when the account has no
// postings (nothing to keep: it changes freely).
async function reclassify(
  tx: EntityManager,
  account: Account,
  to: Pick<Account, 'type' | 'fundType'>,
  effectiveDate: string | null,
  actor: AuthInfo | null,
): Promise<{ effectiveDate: string; entryId: string | null } | null> {
  const fields = (['type', 'fundType'] as const).filter((f) => to[f] !== account[f]);
  const keeper = await accountLedger().keeperOf(tx, account.id);
  if (keeper) {
    const message = `${account.name} is kept by ${keeper.keptBy}: its type and fund cannot change`;
    throw badInput(
      fields.map((field) => ({ field, message })),
      message,
    );
  }
  const last = (await selectLastPostingDates(tx, [account.id])).get(account.id) ?? null;
  if (!last) return null;

  const label = `Account ${account.number} ${account.name}`;
  const what = fields.length === 2 ? 'type and fund' : fields[0] === 'type' ? 'type' : 'fund';
  const earlier = (await selectReclassifications(tx, [account.id])).at(-1)?.effectiveDate;
  // After its latest posting, and after its latest reclassification (one that moved nothing has
  // no entry of its own).
  const [after, reason] =
    earlier && earlier > last
      ? [earlier, `was last reclassified as of ${earlier}`]
      : [last, `has postings through ${last}`];
  const refuse = (message: string) => badInput([{ field: 'effectiveDate', message }], message);
  if (!effectiveDate) {
    throw refuse(
      `${label} ${reason}: give the date its new ${what} takes effect (${dayAfter(after)} or later); reports before it keep the old one`,
    );
  }
  if (effectiveDate <= after) {
    throw refuse(
      `${label} ${reason}: its new ${what} can take effect on ${dayAfter(after)} or later`,
    );
  }

  // Out of each classification its lines hold something in, into the new one: two lines on the
  // account per amount (split at the largest single amount).
  const lines: AccountEntryLine[] = [];
  const classes: Pick<Account, 'type' | 'fundType'>[] = [];
  for (const r of await selectClassificationNets(tx, account.id)) {
    const net = toTotal(r.net);
    if (net === 0n || (r.account_type === to.type && r.fund_type === to.fundType)) continue;
    const debitBalance = net > 0n;
    let rest = debitBalance ? net : -net;
    while (rest > 0n) {
      const amount = Number(rest > BigInt(MAX_AMOUNT) ? BigInt(MAX_AMOUNT) : rest);
      lines.push(
        {
          accountId: account.id,
          debit: debitBalance ? null : amount,
          credit: debitBalance ? amount : null,
          memo: `Out of ${classLabel(r.account_type, r.fund_type)}`,
        },
        {
          accountId: account.id,
          debit: debitBalance ? amount : null,
          credit: debitBalance ? null : amount,
          memo: `Into ${classLabel(to.type, to.fundType)}`,
        },
      );
      classes.push(
        { type: r.account_type, fundType: r.fund_type },
        { type: to.type, fundType: to.fundType },
      );
      rest -= BigInt(amount);
    }
  }
  const entry = lines.length
    ? await accountLedger().post(
        tx,
        actor,
        {
          date: effectiveDate,
          memo: `Reclassification of ${account.number} ${account.name}: ${classLabel(account.type, account.fundType)} → ${classLabel(to.type, to.fundType)}`,
          lines,
        },
        { source: 'reclassification', lineClasses: classes },
      )
    : null;
  await insertReclassification(tx, actor, {
    id: newIds(1)[0],
    accountId: account.id,
    effectiveDate,
    fromType: account.type,
    fromFundType: account.fundType,
    toType: to.type,
    toFundType: to.fundType,
    entryId: entry?.id ?? null,
  });
  return { effectiveDate, entryId: entry?.id ?? null };
}

export async function setArchived(
  em: EntityManager,
  id: string,
  archived: boolean,
  actor: AuthInfo | null,
): Promise<Account> {
  const account = await findAccount(em, id);
  if (account.archived === archived) return account;
  if (archived) {
    // The ledger posts to its interfund accounts whenever an entry crosses funds.
    const keeper = await accountLedger().keeperOf(em, id);
    if (keeper?.role.startsWith('interfund')) {
      throw conflict(`${account.name} is kept by ${keeper.keptBy}: it cannot be archived`);
    }
  }
  await em.transactional(async (tx) => {
    if (archived) {
      // Every posting counts, dated later ones too: an archived account leaves the visible chart,
      // so whatever it still holds would drop out of the books' totals (in any type and fund
      // its lines were posted in).
      await lockAccountForArchive(tx, id);
      const rows = await accountLedger().balances(tx, id);
      const row = rows.find((r) => r.balance !== 0n);
      if (row) {
        throw conflict(
          `${account.name} has a balance of ${displayMoney(row.balance)}: post the closing entry first`,
        );
      }
    }
    account.archived = archived;
    tx.persist(account);
    await tx.flush();
    await recordTenantAudit(tx, actor, {
      entityType: 'Account',
      entityId: id,
      action: archived ? 'archive' : 'restore',
      changes: { archived: { before: !archived, after: archived } },
    });
  });
  return account;
}
