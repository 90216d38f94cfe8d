import { graphql } from '@/graphql';

/** A Relay connection's paging, as `useConnectionList` reads it for "Load more". */
export const PAGE_INFO_FIELDS = graphql(`
  fragment PageInfoFields on PageInfo {
    hasNextPage
    endCursor
  }
`);
