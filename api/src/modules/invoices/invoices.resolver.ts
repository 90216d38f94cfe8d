import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { orgToday } from '../../core/dates.js';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { Account, accountById } from '../accounts/index.js';
import { EntryOwnerType, JournalEntry } from '../journal/index.js';
import { applicationsByInvoice, PaymentApplication } from '../payments/index.js';
import { Unit, unitById } from '../units/index.js';
import { CreateInvoiceInput, InvoiceFilter } from './invoices.inputs.js';
import { invoiceById } from './invoices.loaders.js';
import { WriteOffInvoiceInput } from './invoices.inputs.js';
import {
  createInvoice,
  daysOverdue,
  findInvoice,
  listInvoices,
  voidInvoice,
  writeOffInvoice,
} from './invoices.service.js';
import { MAX_INVOICES_PAGE } from './invoices.repository.js';
import { Invoice, InvoiceConnection, InvoiceLine, InvoiceWriteOff } from './invoices.types.js';

@Resolver(() => Invoice)
export class InvoicesResolver {
  @Query(() => InvoiceConnection, { description: 'Invoices, newest first' })
  @Paged(MAX_INVOICES_PAGE, 'invoices')
  invoices(
    @Ctx() ctx: Context,
    @Arg('filter', () => InvoiceFilter, { nullable: true }) filter?: InvoiceFilter,
    @Arg('first', () => Int, { defaultValue: 50 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return listInvoices(ctx.em, filter ?? {}, first, after);
  }

  @Query(() => Invoice)
  invoice(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return findInvoice(ctx.em, id);
  }

  @Mutation(() => Invoice, { description: 'A one-off invoice (fine, fee…) with free lines' })
  createInvoice(
    @Arg('input', () => CreateInvoiceInput) input: CreateInvoiceInput,
    @Ctx() ctx: Context,
  ) {
    return createInvoice(ctx.em, ctx.auth, input);
  }

  @Mutation(() => Invoice, {
    description: 'Void an invoice: posts the reversal. Refused while payments are applied',
  })
  voidInvoice(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
    @Arg('date', () => LocalDateScalar, { nullable: true }) date?: string,
  ) {
    return voidInvoice(ctx.em, ctx.auth, id, date ?? orgToday(ctx));
  }

  @Mutation(() => Invoice, {
    description:
      "Write off an invoice's balance as bad debt to an expense account (debit the expense, credit the receivable). Voiding the invoice undoes it",
  })
  writeOffInvoice(
    @Arg('input', () => WriteOffInvoiceInput) input: WriteOffInvoiceInput,
    @Ctx() ctx: Context,
  ) {
    return writeOffInvoice(ctx.em, ctx.auth, { ...input, date: input.date ?? orgToday(ctx) });
  }

  @FieldResolver(() => Int, {
    description: "Days past the due date as of the association's today; 0 when nothing is owed",
  })
  daysOverdue(@Root() i: Invoice, @Ctx() ctx: Context) {
    return daysOverdue(i, orgToday(ctx));
  }

  @FieldResolver(() => Unit)
  unit(@Root() i: Invoice, @Ctx() ctx: Context) {
    return unitById(ctx, i.unitId);
  }

  @FieldResolver(() => [PaymentApplication], {
    description: 'Payments applied (voided payments excluded)',
  })
  async payments(@Root() i: Invoice, @Ctx() ctx: Context) {
    const all = await applicationsByInvoice(ctx, i.id);
    return all.filter((a) => !a.voided);
  }
}

@Resolver(() => InvoiceWriteOff)
export class InvoiceWriteOffResolver {
  @FieldResolver(() => Account)
  account(@Root() w: InvoiceWriteOff, @Ctx() ctx: Context) {
    return accountById(ctx, w.accountId);
  }
}

@Resolver(() => InvoiceLine)
export class InvoiceLineResolver {
  @FieldResolver(() => Account)
  account(@Root() l: InvoiceLine, @Ctx() ctx: Context) {
    return accountById(ctx, l.accountId);
  }
}

// The invoice that owns an entry (its posting, void or late fee), for queries that follow an
// entry to its subledger record; see EntryOwner in the journal.
@Resolver(() => JournalEntry)
export class JournalEntryInvoiceResolver {
  @FieldResolver(() => Invoice, {
    nullable: true,
    description: 'The invoice that owns the entry (its posting or its void), if any',
  })
  invoice(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<Invoice> | null {
    if (entry.owner?.type !== EntryOwnerType.INVOICE) return null;
    return invoiceById(ctx, entry.owner.id);
  }
}
