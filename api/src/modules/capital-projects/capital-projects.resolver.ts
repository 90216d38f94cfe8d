import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { Dashboard } from '../dashboard/index.js';
import { JournalEntry } from '../journal/index.js';
import type { ReserveCalendar } from '../reserves/index.js';
import { CreateCapitalProjectInput, UpdateCapitalProjectInput } from './capital-projects.inputs.js';
import { actualCostOfProject, entriesOfProject } from './capital-projects.loaders.js';
import {
  capitalPlan,
  capitalProjectsTile,
  createProject,
  findProject,
  linkEntry,
  listProjects,
  moveProject,
  removeProject,
  unlinkEntry,
  updateProject,
} from './capital-projects.service.js';
import {
  CapitalPlan,
  CapitalProject,
  CapitalProjectFilter,
  DashboardCapitalProjects,
} from './capital-projects.types.js';

const calendar = (ctx: Context): ReserveCalendar => ({
  today: orgToday(ctx),
  fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
});

@Resolver(() => CapitalProject)
export class CapitalProjectsResolver {
  @Query(() => [CapitalProject], {
    description: 'Capital projects by target year (Future last), then board order',
  })
  capitalProjects(
    @Ctx() ctx: Context,
    @Arg('filter', () => CapitalProjectFilter, { nullable: true })
    filter?: CapitalProjectFilter | null,
  ): Promise<CapitalProject[]> {
    return listProjects(ctx.em, calendar(ctx), filter ?? {});
  }

  @Query(() => CapitalProject)
  capitalProject(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<CapitalProject> {
    return findProject(ctx.em, calendar(ctx), id);
  }

  @Query(() => CapitalPlan, {
    description:
      'The board: a column for this fiscal year, each of the next four and Future, with totals against the projected reserve balance',
  })
  capitalPlan(@Ctx() ctx: Context): Promise<CapitalPlan> {
    return capitalPlan(ctx.em, calendar(ctx));
  }

  @Mutation(() => CapitalProject, { description: 'Add a project, last in its column (audited)' })
  createCapitalProject(
    @Arg('input', () => CreateCapitalProjectInput) input: CreateCapitalProjectInput,
    @Ctx() ctx: Context,
  ): Promise<CapitalProject> {
    return createProject(ctx.em, ctx.auth, calendar(ctx), input);
  }

  @Mutation(() => CapitalProject, { description: 'Edit a project (audited)' })
  updateCapitalProject(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateCapitalProjectInput) input: UpdateCapitalProjectInput,
    @Ctx() ctx: Context,
  ): Promise<CapitalProject> {
    return updateProject(ctx.em, ctx.auth, calendar(ctx), id, input);
  }

  @Mutation(() => CapitalProject, {
    description: 'Delete a project and its entry links (the entries stay in the books)',
  })
  deleteCapitalProject(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
  ): Promise<CapitalProject> {
    return removeProject(ctx.em, ctx.auth, calendar(ctx), id);
  }

  @Mutation(() => CapitalProject, {
    description:
      'Move a project on the board: to a fiscal year (this one or later) or Future (null), at a position of that column (0 first); both columns are renumbered',
  })
  moveCapitalProject(
    @Arg('id', () => ID) id: string,
    @Arg('targetYear', () => Int, { nullable: true }) targetYear: number | null,
    @Arg('position', () => Int) position: number,
    @Ctx() ctx: Context,
  ): Promise<CapitalProject> {
    return moveProject(ctx.em, ctx.auth, calendar(ctx), id, targetYear ?? null, position);
  }

  @Mutation(() => CapitalProject, {
    description: "Count a journal entry toward the project's actual cost",
  })
  linkCapitalProjectEntry(
    @Arg('projectId', () => ID) projectId: string,
    @Arg('entryId', () => ID) entryId: string,
    @Ctx() ctx: Context,
  ): Promise<CapitalProject> {
    return linkEntry(ctx.em, ctx.auth, calendar(ctx), projectId, entryId);
  }

  @Mutation(() => CapitalProject)
  unlinkCapitalProjectEntry(
    @Arg('projectId', () => ID) projectId: string,
    @Arg('entryId', () => ID) entryId: string,
    @Ctx() ctx: Context,
  ): Promise<CapitalProject> {
    return unlinkEntry(ctx.em, ctx.auth, calendar(ctx), projectId, entryId);
  }

  @FieldResolver(() => MoneyScalar, {
    description:
      'Net debits of the linked entries to expense accounts; reversed entries and reversals count zero',
  })
  actualCost(@Root() p: CapitalProject, @Ctx() ctx: Context): Promise<Total> {
    return ctx.loaders.get(actualCostOfProject).load(p.id);
  }

  @FieldResolver(() => [JournalEntry], { description: 'Linked journal entries, oldest first' })
  entries(@Root() p: CapitalProject, @Ctx() ctx: Context): Promise<JournalEntry[]> {
    return ctx.loaders.get(entriesOfProject).load(p.id);
  }
}

@Resolver(() => Dashboard)
export class DashboardCapitalProjectsResolver {
  @FieldResolver(() => DashboardCapitalProjects, {
    description: "The capital projects of the dashboard date's fiscal year (overdue ones included)",
  })
  capitalProjects(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<DashboardCapitalProjects> {
    return capitalProjectsTile(ctx.em, {
      today: d.asOf,
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
    });
  }
}
