import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { assertUnitsWithinPlan } from '../../core/plans.js';
import { MoneyScalar } from '../../core/money/money.js';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import {
  AssessmentGroup,
  groupById,
  PropertyType,
  propertyTypeById,
} from '../assessments/index.js';
import { importUnits, unitImportTemplate } from './unit-import.service.js';
import { MAX_UNIT_LEDGER_PAGE, UNIT_LEDGER_PAGE, unitLedger } from './unit-ledger.service.js';
import { UnitFilter, UnitInput } from './units.inputs.js';
import { unitFiguresOf } from './units.loaders.js';
import { MAX_UNITS_PAGE } from './units.repository.js';
import { createUnit, deleteUnit, findUnit, listUnits, updateUnit } from './units.service.js';
import { Unit, UnitConnection, UnitImportResult, UnitLedgerRow } from './units.types.js';

// The plan's unit limit for the caller's association (core/plans.ts).
const unitLimit = (ctx: Context) => (existing: number, adding: number) =>
  assertUnitsWithinPlan(ctx.services.config, ctx.org!, existing, adding);

@Resolver(() => Unit)
export class UnitsResolver {
  @Query(() => UnitConnection, { description: 'Units by number' })
  @Paged(MAX_UNITS_PAGE, 'units')
  units(
    @Ctx() ctx: Context,
    @Arg('filter', () => UnitFilter, { nullable: true }) filter?: UnitFilter,
    @Arg('first', () => Int, { defaultValue: 50 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return listUnits(ctx.em, filter ?? {}, first, after);
  }

  @Query(() => Unit)
  unit(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return findUnit(ctx.em, id);
  }

  @Query(() => [UnitLedgerRow], {
    description:
      "Invoices and payments of a unit with the running balance, oldest first, a page at a time: fewer rows than `first` is the last page; pass the last row's cursor as `after` for the next",
  })
  @Paged(MAX_UNIT_LEDGER_PAGE, 'rows')
  unitLedger(
    @Arg('unitId', () => ID) unitId: string,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { defaultValue: UNIT_LEDGER_PAGE }) first: number = UNIT_LEDGER_PAGE,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ) {
    return unitLedger(ctx.em, unitId, { first, after });
  }

  @Query(() => String, {
    description: 'CSV template for importUnits: the header row and an example',
  })
  unitImportTemplate(@Ctx() ctx: Context) {
    return unitImportTemplate(ctx.em);
  }

  @Mutation(() => Unit)
  createUnit(@Arg('input', () => UnitInput) input: UnitInput, @Ctx() ctx: Context) {
    return createUnit(ctx.em, ctx.auth, input, unitLimit(ctx));
  }

  @Mutation(() => Unit)
  updateUnit(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UnitInput) input: UnitInput,
    @Ctx() ctx: Context,
  ) {
    return updateUnit(ctx.em, ctx.auth, id, input);
  }

  @Mutation(() => Boolean, { description: 'Refused (CONFLICT) when the unit has invoices' })
  deleteUnit(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return deleteUnit(ctx.em, ctx.auth, id);
  }

  @Mutation(() => UnitImportResult, {
    description:
      'Import units from CSV (columns: unit_number, address, owner_name, email, phone, property_type, assessment_group). All or nothing: any row error and nothing is written. Multipart request; send apollo-require-preflight: true',
  })
  async importUnits(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ) {
    const { text } = await readCsvUpload(file, 5 * 1024 * 1024, 'CSV files');
    return importUnits(ctx.em, ctx.auth, text, unitLimit(ctx));
  }

  @FieldResolver(() => PropertyType)
  propertyType(@Root() u: Unit, @Ctx() ctx: Context) {
    return propertyTypeById(ctx, u.propertyTypeId);
  }

  @FieldResolver(() => AssessmentGroup)
  assessmentGroup(@Root() u: Unit, @Ctx() ctx: Context) {
    return groupById(ctx, u.assessmentGroupId);
  }

  @FieldResolver(() => MoneyScalar, { description: 'Open invoice balances' })
  async balanceDue(@Root() u: Unit, @Ctx() ctx: Context) {
    return (await unitFiguresOf(ctx, u.id)).balanceDue;
  }

  @FieldResolver(() => MoneyScalar, {
    description: 'Unapplied payments, applied to the next invoice',
  })
  async credit(@Root() u: Unit, @Ctx() ctx: Context) {
    return (await unitFiguresOf(ctx, u.id)).credit;
  }

  @FieldResolver(() => Int)
  async invoiceCount(@Root() u: Unit, @Ctx() ctx: Context) {
    return (await unitFiguresOf(ctx, u.id)).invoiceCount;
  }
}
