import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { JournalEntry } from '../journal/index.js';
import { entryBankStates } from './banking.repository.js';
import { BankLineStatus } from './banking.types.js';

const bankStateOfEntry = defineLoader<string, BankLineStatus | null>(
  'bankStateOfEntry',
  async (ctx, ids) => {
    const rows = await entryBankStates(ctx.em, [...ids]);
    const byId = new Map(rows.map((r) => [r.entry_id, r.reconciled]));
    return ids.map((id) =>
      byId.has(id) ? (byId.get(id) ? BankLineStatus.RECONCILED : BankLineStatus.MATCHED) : null,
    );
  },
);

// Two different "reconciled" marks, one rule: `reconciled` stays what Monthly Actuals set (the
// month's entries were entered from, and tie to, the month's figures), and `bankStatus` says
// whether the bank has cleared the entry: MATCHED to a statement line, or RECONCILED by a
// finished bank reconciliation (locked until it is undone). Null: no bank line touches it.
@Resolver(() => JournalEntry)
export class JournalEntryBankResolver {
  @FieldResolver(() => BankLineStatus, {
    nullable: true,
    description:
      'MATCHED to a bank statement line, or RECONCILED by a finished bank reconciliation (then it cannot be reversed until an admin undoes it); null when no bank line touches the entry',
  })
  bankStatus(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<BankLineStatus | null> {
    return ctx.loaders.get(bankStateOfEntry).load(entry.id);
  }
}
