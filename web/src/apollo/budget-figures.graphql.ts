import { graphql, type ResultOf } from '@/graphql';

/** A budget set against the books (a period's income, expense or net; a fund's transfers). */
export const BUDGET_FIGURES_FIELDS = graphql(`
  fragment BudgetFigures on BudgetVsActualFigures {
    budget
    actual
    variance
    variancePercent
    favorable
  }
`);

export type BudgetFigures = ResultOf<typeof BUDGET_FIGURES_FIELDS>;
