import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { readCsvUpload } from '../../core/csv/read-upload.js';
import { orgToday } from '../../core/dates.js';
import { Account, accountById } from '../accounts/index.js';
import { Dashboard } from '../dashboard/index.js';
import { importReserveComponents, reserveImportTemplate } from './reserve-import.service.js';
import { ReserveComponentInput, ReserveSettingsInput } from './reserves.inputs.js';
import {
  createComponent,
  deleteComponent,
  findComponent,
  getSettings,
  listComponents,
  percentFunded,
  type ReserveCalendar,
  reserveProjection,
  saveSettings,
  updateComponent,
} from './reserves.service.js';
import {
  ReserveComponent,
  ReserveImportResult,
  ReserveProjection,
  ReserveSettings,
  ReserveStudy,
} from './reserves.types.js';

const calendar = (ctx: Context): ReserveCalendar => ({
  today: orgToday(ctx),
  fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
});

@Resolver(() => ReserveComponent)
export class ReservesResolver {
  @Query(() => [ReserveComponent], { description: 'The reserve study’s components, by name' })
  reserveComponents(@Ctx() ctx: Context): Promise<ReserveComponent[]> {
    return listComponents(ctx.em, calendar(ctx));
  }

  @Query(() => ReserveComponent)
  reserveComponent(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<ReserveComponent> {
    return findComponent(ctx.em, calendar(ctx), id);
  }

  @Query(() => ReserveStudy, {
    description:
      "Percent funded on the association's today: the reserve fund balance from the ledger against the components' fully funded balance",
  })
  reserveStudy(@Ctx() ctx: Context): Promise<ReserveStudy> {
    return percentFunded(ctx.em, calendar(ctx));
  }

  @Query(() => ReserveProjection, {
    description:
      '30-year funding projection from the current fiscal year with both funding goals. `assumptions` tries other figures without saving them (omitted fields: the saved settings)',
  })
  reserveProjection(
    @Ctx() ctx: Context,
    @Arg('assumptions', () => ReserveSettingsInput, { nullable: true })
    assumptions?: ReserveSettingsInput | null,
  ): Promise<ReserveProjection> {
    return reserveProjection(ctx.em, calendar(ctx), assumptions);
  }

  @Query(() => ReserveSettings, { description: 'The saved assumptions of the projection' })
  reserveSettings(@Ctx() ctx: Context): Promise<ReserveSettings> {
    return getSettings(ctx.em);
  }

  @Query(() => String, {
    description:
      'CSV template for importReserveComponents: the header row and two example rows (marked "# example", never imported)',
  })
  reserveComponentsTemplate(@Ctx() ctx: Context): Promise<string> {
    return reserveImportTemplate(ctx.em);
  }

  @Mutation(() => ReserveComponent, { description: 'Add a reserve component (audited)' })
  createReserveComponent(
    @Arg('input', () => ReserveComponentInput) input: ReserveComponentInput,
    @Ctx() ctx: Context,
  ): Promise<ReserveComponent> {
    return createComponent(ctx.em, ctx.auth, calendar(ctx), input);
  }

  @Mutation(() => ReserveComponent, { description: 'Edit a reserve component (audited)' })
  updateReserveComponent(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ReserveComponentInput) input: ReserveComponentInput,
    @Ctx() ctx: Context,
  ): Promise<ReserveComponent> {
    return updateComponent(ctx.em, ctx.auth, calendar(ctx), id, input);
  }

  @Mutation(() => Boolean, { description: 'Remove a reserve component (audited)' })
  deleteReserveComponent(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deleteComponent(ctx.em, ctx.auth, id);
  }

  @Mutation(() => ReserveSettings, { description: 'Save the projection’s assumptions (audited)' })
  updateReserveSettings(
    @Arg('input', () => ReserveSettingsInput) input: ReserveSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<ReserveSettings> {
    return saveSettings(ctx.em, ctx.auth, input);
  }

  @Mutation(() => ReserveImportResult, {
    description:
      'Import reserve components from CSV (columns: name, category, quantity, unit, useful_life_years, remaining_life_years, placed_in_service_year, current_replacement_cost, reserve_account, notes). All or nothing: any row error and nothing is written. Multipart request; send apollo-require-preflight: true',
  })
  async importReserveComponents(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<ReserveImportResult> {
    const { text } = await readCsvUpload(file, 2 * 1024 * 1024, 'CSV files');
    return importReserveComponents(ctx.em, ctx.auth, text);
  }

  @FieldResolver(() => Account, { description: 'The reserve-fund account it is funded from' })
  account(@Root() c: ReserveComponent, @Ctx() ctx: Context): Promise<Account> {
    return accountById(ctx, c.accountId);
  }
}

// The dashboard's percent-funded tile, as of the dashboard's date.
@Resolver(() => Dashboard)
export class DashboardReservesResolver {
  @FieldResolver(() => ReserveStudy, {
    description: 'Percent funded of the reserve study as of the dashboard date',
  })
  reserves(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<ReserveStudy> {
    return percentFunded(ctx.em, {
      today: d.asOf,
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
    });
  }
}
