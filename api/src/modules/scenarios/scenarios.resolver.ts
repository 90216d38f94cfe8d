import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { Investment } from '../investments/index.js';
import { ExecuteScenarioInvestmentInput, ScenarioInput } from './scenarios.inputs.js';
import {
  createScenario,
  deleteScenario,
  duplicateScenario,
  executeScenarioInvestment,
  findScenario,
  listScenarios,
  scenarioComparison,
  updateScenario,
} from './scenarios.service.js';
import { Scenario, ScenarioComparison } from './scenarios.types.js';

@ObjectType({ description: 'A planned investment bought for real' })
export class ScenarioInvestmentExecution {
  @Field(() => Scenario, { description: 'The scenario, the plan now carrying the investment id' })
  scenario: Scenario;

  @Field(() => Investment)
  investment: Investment;
}

const calendar = (ctx: Context) => ({
  today: orgToday(ctx),
  fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
});

@Resolver(() => Scenario)
export class ScenariosResolver {
  @Query(() => [Scenario], { description: 'Saved what-if scenarios by name' })
  scenarios(@Ctx() ctx: Context): Promise<Scenario[]> {
    return listScenarios(ctx.em);
  }

  @Query(() => Scenario)
  scenario(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Scenario> {
    return findScenario(ctx.em, id);
  }

  @Query(() => ScenarioComparison, {
    description:
      "One to four scenarios projected over 60 months from today's books, beside today's books themselves: year-end balances, percent funded, lowest balances and the monthly series",
  })
  scenarioComparison(
    @Arg('ids', () => [ID]) ids: string[],
    @Ctx() ctx: Context,
  ): Promise<ScenarioComparison> {
    return scenarioComparison(ctx.em, calendar(ctx), ids);
  }

  @Mutation(() => Scenario)
  createScenario(
    @Arg('input', () => ScenarioInput) input: ScenarioInput,
    @Ctx() ctx: Context,
  ): Promise<Scenario> {
    return createScenario(ctx.em, ctx.auth, orgToday(ctx), input);
  }

  @Mutation(() => Scenario, { description: 'Replaces the name and every assumption' })
  updateScenario(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ScenarioInput) input: ScenarioInput,
    @Ctx() ctx: Context,
  ): Promise<Scenario> {
    return updateScenario(ctx.em, ctx.auth, orgToday(ctx), id, input);
  }

  @Mutation(() => Scenario, { description: 'A copy; omitted name: "<name> (copy)"' })
  duplicateScenario(
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Ctx() ctx: Context,
  ): Promise<Scenario> {
    return duplicateScenario(ctx.em, ctx.auth, id, name);
  }

  @Mutation(() => Boolean)
  deleteScenario(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deleteScenario(ctx.em, ctx.auth, id);
  }

  @Mutation(() => ScenarioInvestmentExecution, {
    description:
      'Buy a planned investment for real through the investments service (its journal entry); once only',
  })
  executeScenarioInvestment(
    @Arg('scenarioId', () => ID) scenarioId: string,
    @Arg('plannedInvestmentId', () => ID) plannedInvestmentId: string,
    @Arg('input', () => ExecuteScenarioInvestmentInput) input: ExecuteScenarioInvestmentInput,
    @Ctx() ctx: Context,
  ): Promise<ScenarioInvestmentExecution> {
    return executeScenarioInvestment(
      ctx.em,
      ctx.auth,
      orgToday(ctx),
      scenarioId,
      plannedInvestmentId,
      input,
    );
  }
}
