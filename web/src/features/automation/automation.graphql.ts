import { graphql, type ResultOf, type SchemaType } from '@/graphql';

export type AutomationKind = SchemaType<'AutomationKind'>;

const AUTOMATION_FIELDS = graphql(`
  fragment AutomationFields on Automation {
    paused
    assessmentDay
    lateFeeDay
    reminderDays
    recurringBills
    ownerStatements
    autopay
    timeZone
    upcoming {
      kind
      date
    }
    runs {
      id
      kind
      period
      status
      created
      total
      error
      startedAt
      finishedAt
    }
  }
`);

/** What runs on its own for the association, when next, and what ran. */
export type Automation = ResultOf<typeof AUTOMATION_FIELDS>;
export type AutomationRun = Automation['runs'][number];

export const AUTOMATION_QUERY = graphql(
  `
    query Automation {
      automation {
        ...AutomationFields
      }
    }
  `,
  [AUTOMATION_FIELDS],
);

// The whole schedule every time (a day left out would be refused): a pause sends the saved days.
export const UPDATE_AUTOMATION_MUTATION = graphql(
  `
    mutation UpdateAutomation($input: UpdateAutomationInput!) {
      updateAutomation(input: $input) {
        ...AutomationFields
      }
    }
  `,
  [AUTOMATION_FIELDS],
);
