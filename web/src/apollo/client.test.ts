// Documents of the tests' own (not the app's contract): parsed, not checked against the schema.
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlFetch } from '@/test/graphql';
import { createApolloClient } from './client';

const UNITS = parse(`
  query Units($filter: UnitFilter, $first: Int!, $after: String) {
    units(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          number
        }
      }
    }
  }
`);

const page = (ids: string[], hasNextPage: boolean) => ({
  __typename: 'UnitConnection',
  totalCount: 3,
  pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: `c-${ids.at(-1)}` },
  edges: ids.map((id) => ({
    __typename: 'UnitEdge',
    cursor: `c-${id}`,
    node: { __typename: 'Unit', id, number: id },
  })),
});

describe('paged lists in the cache', () => {
  it('appends a next page to the same filter, and starts over on a first page', async () => {
    const client = createApolloClient({
      getToken: () => null,
      uri: 'http://localhost/graphql',
      fetch: graphqlFetch((req) => {
        const after = (req.variables as { after?: string }).after;
        return {
          body: {
            data: { units: after ? page(['u2', 'u3'], false) : page(['u1', 'u2'], true) },
          },
        };
      }),
      onUnauthenticated: () => {},
      onOrgInactive: () => {},
    });
    const variables: { first: number; after?: string | null } = { first: 2 };
    const watch = client.watchQuery({ query: UNITS, variables });
    const first = await watch.result();
    expect(first.data.units.edges.map((e: { cursor: string }) => e.cursor)).toEqual([
      'c-u1',
      'c-u2',
    ]);
    const more = await watch.fetchMore({ variables: { first: 2, after: 'c-u2' } });
    expect(more.data.units.edges).toHaveLength(2);
    const merged = watch.getCurrentResult().data.units;
    // The overlapping edge (u2) is kept once; the newest pageInfo and count win.
    expect(merged.edges.map((e: { cursor: string }) => e.cursor)).toEqual(['c-u1', 'c-u2', 'c-u3']);
    expect(merged.pageInfo.hasNextPage).toBe(false);
    expect(merged.totalCount).toBe(3);
    // Reading the first page again replaces the list.
    await watch.refetch({ first: 2, after: null });
    expect(
      watch.getCurrentResult().data.units.edges.map((e: { cursor: string }) => e.cursor),
    ).toEqual(['c-u1', 'c-u2']);
  });
});
