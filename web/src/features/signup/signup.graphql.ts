import { graphql, type ResultOf } from '@/graphql';

export const PRICING_QUERY = graphql(`
  query Pricing {
    pricing {
      mode
      trialDays
      plans {
        level
        name
        maxUnits
        aiPlanning
        contactSales
        monthlyPrice
        annualPrice
        annualSavingsPercent
      }
    }
  }
`);

export type PricingPlan = ResultOf<typeof PRICING_QUERY>['pricing']['plans'][number];

export const START_SIGNUP_MUTATION = graphql(`
  mutation StartSignup($input: SignupInput!) {
    startSignup(input: $input) {
      signupId
      statusKey
      checkoutUrl
    }
  }
`);

export const SIGNUP_STATUS_QUERY = graphql(`
  query SignupStatus($id: ID!, $key: String!) {
    signupStatus(id: $id, key: $key) {
      state
      associationName
      email
    }
  }
`);
