import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { AppError } from '../../core/errors/app-error.js';
import { AccountType, createAccount, FundType } from '../accounts/index.js';
import { receivablesSettings } from '../assessments/index.js';
import { setUndepositedFundsAccount } from '../banking/index.js';
import {
  accountNamed,
  accountNumbers,
  setSettingsAccount,
  type SettingsAccount,
  settingsRow,
} from './online-payments.repository.js';

// The accounts online payments post to, found or created on first use (as the receivables
// settings create Assessments Receivable): a treasurer who connects Stripe and takes a payment
// gets books that are right without setting up a chart first, and may choose other accounts in
// the settings at any time.
//
// - Undeposited Funds: a payment paid online waits there until the payout carries it to the bank
//   (a deposit). An association that does not keep Undeposited Funds gets one ("1050 Undeposited
//   Funds", or an account of that name with nothing of its own posted), chosen in its receivables
//   settings, because deposits carry payments from there and nowhere else. From then on payments
//   recorded by hand without an account wait there too, as the receivables settings say.
// - Payment Processing Fees (expense): Stripe's fees, the deposit's fee line.
// - Online Payment Fees (income): what owners pay in fees (card surcharges, ACH and
//   returned-payment fees).
// - Stripe Clearing (asset): a returned payment's parts on their way between a return and the
//   payout that carries it; it nets to zero once both are in the books.

interface Wanted {
  name: string;
  type: AccountType;
  from: number;
  description: string;
}

const WANTED: Record<SettingsAccount, Wanted> = {
  fee_account_id: {
    name: 'Payment Processing Fees',
    type: AccountType.EXPENSE,
    from: 5095,
    description: "Stripe's fees on owners' online payments (each payout's fee line)",
  },
  fee_income_account_id: {
    name: 'Online Payment Fees',
    type: AccountType.INCOME,
    from: 4350,
    description: 'Card surcharges, ACH fees and returned-payment fees owners pay',
  },
  clearing_account_id: {
    name: 'Stripe Clearing',
    type: AccountType.ASSET,
    from: 1060,
    description: "Returned online payments on their way between Stripe's return and its payout",
  },
};

async function freeNumber(tx: EntityManager, from: number): Promise<string> {
  const taken = await accountNumbers(tx);
  for (let n = from; n < from + 400; n++) if (!taken.has(String(n))) return String(n);
  return `${from}-OP`;
}

async function make(tx: EntityManager, actor: AuthInfo | null, w: Wanted): Promise<string> {
  const account = await createAccount(
    tx,
    {
      number: await freeNumber(tx, w.from),
      name: w.name,
      type: w.type,
      fundType: FundType.OPERATING,
      description: w.description,
    },
    actor,
  );
  return account.id;
}

// The settings' account of that role, created (or found by its name) when the settings name none.
export async function onlineAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  column: SettingsAccount,
): Promise<string> {
  const current = (await settingsRow(em))[column];
  if (current) return current;
  let id = '';
  await em.transactional(async (tx) => {
    // Two first payments at once: the second waits here and finds the account made.
    const again = (await settingsRow(tx, true))[column];
    if (again) {
      id = again;
      return;
    }
    const w = WANTED[column];
    id = (await accountNamed(tx, w.name, w.type)) ?? (await make(tx, actor, w));
    await setSettingsAccount(tx, column, id);
  });
  return id;
}

// Undeposited Funds (see above), chosen in the receivables settings when the association keeps
// none.
export async function ensureUndepositedFunds(
  em: EntityManager,
  actor: AuthInfo | null,
): Promise<string> {
  const kept = (await receivablesSettings(em, actor)).undepositedAccountId;
  if (kept) return kept;
  let id = '';
  await em.transactional(async (tx) => {
    await settingsRow(tx, true);
    const again = (await receivablesSettings(tx, actor)).undepositedAccountId;
    if (again) {
      id = again;
      return;
    }
    const named = await accountNamed(tx, 'Undeposited Funds', 'asset');
    if (named) {
      try {
        await setUndepositedFundsAccount(tx, actor, named);
        id = named;
        return;
      } catch (err) {
        // It has postings of its own (or is a bank account): a new one beside it.
        if (!(err instanceof AppError)) throw err;
      }
    }
    const made = await make(tx, actor, {
      name: named ? 'Undeposited Funds (online payments)' : 'Undeposited Funds',
      type: AccountType.ASSET,
      from: 1050,
      description: 'Payments received that wait for a deposit (online payments: their payout)',
    });
    await setUndepositedFundsAccount(tx, actor, made);
    id = made;
  });
  return id;
}
