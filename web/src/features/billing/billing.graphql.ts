import { graphql } from '@/graphql';

export const ORGANIZATION_BILLING_QUERY = graphql(`
  query OrganizationBilling {
    me {
      organization {
        id
        billing {
          planName
          status
          readOnly
          readOnlyFrom
        }
      }
    }
  }
`);
