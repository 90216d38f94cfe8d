import { graphql, type ResultOf } from '@/graphql';

export const SUPPORT_WIDGET_QUERY = graphql(`
  query SupportWidget {
    supportWidget {
      scriptUrl
      websiteToken
    }
  }
`);

/** The support chat widget the server names (null: none). */
export type SupportWidgetSettings = NonNullable<
  ResultOf<typeof SUPPORT_WIDGET_QUERY>['supportWidget']
>;
