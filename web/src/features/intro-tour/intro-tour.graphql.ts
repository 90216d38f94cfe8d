import { graphql } from '@/graphql';

// Allowed for viewers too: everyone sees the tour once.
export const MARK_INTRO_SEEN_MUTATION = graphql(`
  mutation MarkIntroSeen {
    markIntroSeen {
      id
      hasSeenIntro
    }
  }
`);
