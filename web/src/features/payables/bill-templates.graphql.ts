import { graphql, type ResultOf, type SchemaType } from '@/graphql';

// Recurring bills: the templates a treasurer keeps (vendor, lines, how often, next date), which
// the association's automation (or a treasurer, by hand) turns into bills on their dates.

export type BillFrequency = SchemaType<'BillFrequency'>;
export type BillTemplateInput = SchemaType<'BillTemplateInput'>;

const BILL_TEMPLATE_FIELDS = graphql(`
  fragment BillTemplateFields on BillTemplate {
    id
    name
    vendorId
    vendor {
      id
      name
      active
    }
    memo
    lines {
      id
      accountId
      account {
        id
        number
        name
        archived
      }
      amount
      memo
    }
    frequency
    nextDate
    dueDays
    active
    total
  }
`);

export type BillTemplate = ResultOf<typeof BILL_TEMPLATE_FIELDS>;

export const BILL_TEMPLATES_QUERY = graphql(
  `
    query BillTemplates {
      billTemplates {
        ...BillTemplateFields
      }
    }
  `,
  [BILL_TEMPLATE_FIELDS],
);

/** Whether the association's automation enters the recurring bills each day. */
export const RECURRING_BILLS_AUTOMATION_QUERY = graphql(`
  query RecurringBillsAutomation {
    automation {
      paused
      recurringBills
    }
  }
`);

export const CREATE_BILL_TEMPLATE_MUTATION = graphql(
  `
    mutation CreateBillTemplate($input: BillTemplateInput!) {
      createBillTemplate(input: $input) {
        ...BillTemplateFields
      }
    }
  `,
  [BILL_TEMPLATE_FIELDS],
);

export const UPDATE_BILL_TEMPLATE_MUTATION = graphql(
  `
    mutation UpdateBillTemplate($id: ID!, $input: BillTemplateInput!) {
      updateBillTemplate(id: $id, input: $input) {
        ...BillTemplateFields
      }
    }
  `,
  [BILL_TEMPLATE_FIELDS],
);

export const DELETE_BILL_TEMPLATE_MUTATION = graphql(`
  mutation DeleteBillTemplate($id: ID!) {
    deleteBillTemplate(id: $id)
  }
`);

/** Enters every recurring bill dated on or before today, as the daily run does. */
export const ENTER_RECURRING_BILLS_MUTATION = graphql(`
  mutation EnterRecurringBills {
    enterRecurringBills {
      id
      number
      total
      vendor {
        id
        name
      }
    }
  }
`);
