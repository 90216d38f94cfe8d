import { graphql, type ResultOf } from '@/graphql';

// The whole page in one query: every organization's health, its inputs, the last 12 weeks, and
// the formula the API scores with (the page prints that, never a copy of its own).
export const TENANT_HEALTH_QUERY = graphql(`
  query AdminTenantHealth {
    adminTenantHealth {
      computedAt
      weekStart
      formula {
        inputs {
          key
          label
          description
          weight
          measures {
            key
            label
            fullAt
            share
          }
        }
        grades {
          grade
          label
          min
        }
        text
      }
      organizations {
        organizationId
        name
        status
        reachable
        problem
        score
        grade
        inputs {
          key
          label
          weight
          subScore
          measures {
            key
            label
            value
            fullAt
            share
          }
        }
        history {
          weekStart
          score
        }
      }
    }
  }
`);

export type TenantHealthReport = ResultOf<typeof TENANT_HEALTH_QUERY>['adminTenantHealth'];
export type TenantHealthRow = TenantHealthReport['organizations'][number];
export type TenantHealthGrade = NonNullable<TenantHealthRow['grade']>;
