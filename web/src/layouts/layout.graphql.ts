import { graphql } from '@/graphql';

export const VERSION_QUERY = graphql(`
  query AppVersion {
    version
  }
`);
