import { GraphQLLocalDate } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { defineLoader } from '../../core/loaders.js';
import type { Context } from '../../core/context.js';
import { Account } from '../accounts/account.entity.js';
import { accountById } from '../accounts/account-loader.js';
import { unitById } from '../units/units.resolver.js';
import { Unit } from '../units/units.types.js';
import { agingReport } from './aging.service.js';
import {
  applicationsOf,
  createInvoice,
  findInvoice,
  findInvoices,
  generateAssessmentInvoices,
  listInvoices,
  previewAssessmentRun,
  voidInvoice,
} from './invoices.service.js';
import {
  AgingReport,
  AgingRow,
  AssessmentRunInvoice,
  AssessmentRunPreview,
  AssessmentRunResult,
  CreateInvoiceInput,
  Invoice,
  InvoiceConnection,
  InvoiceFilter,
  InvoiceLine,
  LateFeeCandidate,
  LateFeePreview,
  LateFeeRunResult,
  PaymentApplication,
} from './invoices.types.js';
import { assessLateFees, previewLateFees } from './late-fees.service.js';

const invoiceLoader = defineLoader<string, Invoice>('invoiceById', async (ctx, ids) => {
  const all = await findInvoices(ctx.em, [...ids]);
  return ids.map((id) => all.find((i) => i.id === id)!);
});

export function invoiceById(ctx: Context, id: string): Promise<Invoice> {
  return ctx.loaders.get(invoiceLoader).load(id);
}

const applicationsByInvoice = defineLoader<string, (PaymentApplication & { voided: boolean })[]>(
  'applicationsByInvoice',
  async (ctx, ids) => {
    const rows = await applicationsOf(ctx.em, 'invoice_id', [...ids]);
    return ids.map((id) => rows.filter((r) => r.invoiceId === id));
  },
);

@Resolver(() => Invoice)
export class InvoicesResolver {
  @Query(() => InvoiceConnection, { description: 'Invoices, newest first' })
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

  @Query(() => AssessmentRunPreview, {
    description:
      'What generateAssessmentInvoices would create for a month ("2026-03"), without writing',
  })
  previewAssessmentInvoices(@Arg('month', () => String) month: string, @Ctx() ctx: Context) {
    return previewAssessmentRun(ctx.em, month);
  }

  @Mutation(() => AssessmentRunResult, {
    description:
      'Invoice every unit for its group period starting in the month; idempotent (a unit is invoiced once per period)',
  })
  generateAssessmentInvoices(@Arg('month', () => String) month: string, @Ctx() ctx: Context) {
    return generateAssessmentInvoices(ctx.em, ctx.auth, month);
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
    @Arg('date', () => GraphQLLocalDate, { nullable: true }) date?: string,
  ) {
    return voidInvoice(ctx.em, ctx.auth, id, date);
  }

  @Query(() => LateFeePreview, { description: 'Late fees a run as of the date would assess' })
  previewLateFees(@Arg('asOf', () => GraphQLLocalDate) asOf: string, @Ctx() ctx: Context) {
    return previewLateFees(ctx.em, asOf);
  }

  @Mutation(() => LateFeeRunResult, {
    description: 'Assess late fees as of a date; once per invoice and month',
  })
  assessLateFees(@Arg('asOf', () => GraphQLLocalDate) asOf: string, @Ctx() ctx: Context) {
    return assessLateFees(ctx.em, ctx.auth, asOf);
  }

  @Query(() => AgingReport, {
    description: 'Receivables by days past due as of a date; ties to the ledger',
  })
  agingReport(@Arg('asOf', () => GraphQLLocalDate) asOf: string, @Ctx() ctx: Context) {
    return agingReport(ctx.em, asOf);
  }

  @FieldResolver(() => Unit)
  unit(@Root() i: Invoice, @Ctx() ctx: Context) {
    return unitById(ctx, i.unitId);
  }

  @FieldResolver(() => [PaymentApplication], {
    description: 'Payments applied (voided payments excluded)',
  })
  async payments(@Root() i: Invoice, @Ctx() ctx: Context) {
    const all = await ctx.loaders.get(applicationsByInvoice).load(i.id);
    return all.filter((a) => !a.voided);
  }
}

@Resolver(() => InvoiceLine)
export class InvoiceLineResolver {
  @FieldResolver(() => Account)
  account(@Root() l: InvoiceLine, @Ctx() ctx: Context) {
    return accountById(ctx, l.accountId);
  }
}

@Resolver(() => PaymentApplication)
export class PaymentApplicationResolver {
  @FieldResolver(() => Invoice)
  invoice(@Root() a: PaymentApplication, @Ctx() ctx: Context) {
    return invoiceById(ctx, a.invoiceId);
  }
}

@Resolver(() => AssessmentRunInvoice)
export class AssessmentRunInvoiceResolver {
  @FieldResolver(() => Unit)
  unit(@Root() r: AssessmentRunInvoice, @Ctx() ctx: Context) {
    return unitById(ctx, r.unitId);
  }
}

@Resolver(() => LateFeeCandidate)
export class LateFeeCandidateResolver {
  @FieldResolver(() => Unit)
  unit(@Root() c: LateFeeCandidate, @Ctx() ctx: Context) {
    return unitById(ctx, c.unitId);
  }

  @FieldResolver(() => Invoice)
  invoice(@Root() c: LateFeeCandidate, @Ctx() ctx: Context) {
    return invoiceById(ctx, c.invoiceId);
  }
}

@Resolver(() => AgingRow)
export class AgingRowResolver {
  @FieldResolver(() => Unit)
  unit(@Root() r: AgingRow, @Ctx() ctx: Context) {
    return unitById(ctx, r.unitId);
  }
}
