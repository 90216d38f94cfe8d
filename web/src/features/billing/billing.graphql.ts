import { graphql } from '@/graphql';

// One selection for the banner and the Billing page: the same cached object, never two shapes of
// it replacing each other.
export const ORGANIZATION_BILLING_QUERY = graphql(`
  query OrganizationBilling {
    me {
      organization {
        id
        billing {
          planLevel
          planName
          status
          readOnly
          readOnlyFrom
          renewalDate
          interval
          lastPaymentDate
          cancelAt
          portalAvailable
          maxUnits
          aiPlanning
        }
      }
    }
  }
`);

export const CREATE_BILLING_PORTAL_SESSION_MUTATION = graphql(`
  mutation CreateBillingPortalSession {
    createBillingPortalSession {
      url
    }
  }
`);
