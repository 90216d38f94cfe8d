import { graphql } from '@/graphql';

export const UPDATE_ORGANIZATION_CALENDAR_MUTATION = graphql(`
  mutation UpdateOrganizationCalendar($input: OrganizationCalendarInput!) {
    updateOrganizationCalendar(input: $input) {
      organizationId
      timeZone
      fiscalYearStartMonth
    }
  }
`);
