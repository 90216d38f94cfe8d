import { graphql, type ResultOf, type SchemaType } from '@/graphql';

export const FUND_HEALTH_FIELDS = graphql(`
  fragment FundHealthFields on FundHealth {
    fund
    score
    grade
    liquidityMonths
    percentFunded
    basePoints
    trendPoints
    trend
    explanation
  }
`);

export const PLAN_FIELDS = graphql(
  `
    fragment PlanFields on InvestmentPlan {
      asOf
      overall
      riskNotes
      toInvest
      estimatedInterest
      funds {
        fund
        cash
        monthlyExpenses
        capitalNext12
        floor
        cushion
        aboveFloor
        lowest
        lowestMonth
        toInvest
      }
      health {
        ...FundHealthFields
      }
      recommendations {
        id
        type
        priority
        fund
        title
        summary
        details
        suggestedAmount
        kind
        termMonths
        apy
        institution
        investmentId
        plannable
        rungs {
          kind
          amount
          termMonths
          apy
          institution
          maturityMonth
          interest
        }
      }
    }
  `,
  [FUND_HEALTH_FIELDS],
);

/** A log entry without its figures: what the list and the page's status need. */
export const RECOMMENDATION_SUMMARY_FIELDS = graphql(`
  fragment RecommendationSummaryFields on AiRecommendation {
    id
    status
    requestedAt
    completedAt
    requestedByEmail
    provider
    model
    narrativeSource
    error
    responseMs
  }
`);

export const RECOMMENDATION_FIELDS = graphql(
  `
    fragment RecommendationFields on AiRecommendation {
      ...RecommendationSummaryFields
      plan {
        ...PlanFields
      }
    }
  `,
  [RECOMMENDATION_SUMMARY_FIELDS, PLAN_FIELDS],
);

export const PLANNING_RATE_FIELDS = graphql(`
  fragment PlanningRateFields on PlanningRate {
    id
    kind
    termMonths
    apy
    institution
    updatedAt
  }
`);

/** The page's frame (provider, rates, today's fund health) and where the log stands. */
export const AI_PLANNING_QUERY = graphql(
  `
    query AiPlanning {
      planningSettings {
        providerConfigured
        providerModel
        ratesUpdatedOn
        rates {
          ...PlanningRateFields
        }
        health {
          ...FundHealthFields
        }
      }
      latest: aiRecommendations(limit: 1) {
        ...RecommendationSummaryFields
      }
      lastDone: aiRecommendations(limit: 1, status: DONE) {
        ...RecommendationFields
      }
    }
  `,
  [PLANNING_RATE_FIELDS, FUND_HEALTH_FIELDS, RECOMMENDATION_SUMMARY_FIELDS, RECOMMENDATION_FIELDS],
);

export const AI_RECOMMENDATION_QUERY = graphql(
  `
    query AiRecommendation($id: ID!) {
      aiRecommendation(id: $id) {
        ...RecommendationFields
      }
    }
  `,
  [RECOMMENDATION_FIELDS],
);

export const REQUEST_AI_RECOMMENDATION_MUTATION = graphql(
  `
    mutation RequestAiRecommendation {
      requestAiRecommendation {
        ...RecommendationFields
      }
    }
  `,
  [RECOMMENDATION_FIELDS],
);

export const ADD_RECOMMENDATION_TO_PLAN_MUTATION = graphql(`
  mutation AddRecommendationToPlan($recommendationId: ID!, $itemId: String!) {
    addRecommendationToPlan(recommendationId: $recommendationId, itemId: $itemId) {
      id
      amount
    }
  }
`);

export const SET_PLANNING_RATES_MUTATION = graphql(
  `
    mutation SetPlanningRates($rates: [PlanningRateInput!]!) {
      setPlanningRates(rates: $rates) {
        ...PlanningRateFields
      }
    }
  `,
  [PLANNING_RATE_FIELDS],
);

export const RECOMMENDATION_LOG_QUERY = graphql(
  `
    query RecommendationLog($limit: Int!) {
      aiRecommendations(limit: $limit) {
        ...RecommendationSummaryFields
        plan {
          toInvest
        }
      }
    }
  `,
  [RECOMMENDATION_SUMMARY_FIELDS],
);

/** One log entry in full: what it answered and the figures it was made from. */
export const RECOMMENDATION_DETAIL_QUERY = graphql(
  `
    query RecommendationDetail($id: ID!) {
      aiRecommendation(id: $id) {
        ...RecommendationFields
        inputs {
          asOf
          months
          ratesUpdatedOn
          collectionRate
          percentFunded
          funds {
            fund
            cash
            closings
            expenses
            capital
          }
          holdings {
            id
            fund
            kind
            institution
            value
            proceeds
            apy
            maturityDate
          }
          rates {
            kind
            termMonths
            apy
            institution
          }
        }
      }
    }
  `,
  [RECOMMENDATION_FIELDS],
);

export type AiRecommendation = ResultOf<typeof RECOMMENDATION_FIELDS>;
export type RecommendationSummary = ResultOf<typeof RECOMMENDATION_SUMMARY_FIELDS>;
export type InvestmentPlan = NonNullable<AiRecommendation['plan']>;
export type PlanRecommendation = InvestmentPlan['recommendations'][number];
export type PlanFundPosition = InvestmentPlan['funds'][number];
export type FundHealth = ResultOf<typeof FUND_HEALTH_FIELDS>;
export type PlanningRate = ResultOf<typeof PLANNING_RATE_FIELDS>;
export type PlanningSettings = ResultOf<typeof AI_PLANNING_QUERY>['planningSettings'];
export type LogEntry = ResultOf<typeof RECOMMENDATION_LOG_QUERY>['aiRecommendations'][number];
export type RecommendationDetail = ResultOf<typeof RECOMMENDATION_DETAIL_QUERY>['aiRecommendation'];
export type PlanningInputs = NonNullable<RecommendationDetail['inputs']>;
export type RecommendationType = SchemaType<'RecommendationType'>;
export type RecommendationPriority = SchemaType<'RecommendationPriority'>;
export type HealthGrade = SchemaType<'HealthGrade'>;
export type AiRecommendationStatus = SchemaType<'AiRecommendationStatus'>;
export type NarrativeSource = SchemaType<'NarrativeSource'>;
