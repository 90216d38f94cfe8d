import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';

export const VERSION_QUERY: TypedDocumentNode<{ version: string }, Record<string, never>> = gql`
  query AppVersion {
    version
  }
`;
