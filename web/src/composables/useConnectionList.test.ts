import { DefaultApolloClient } from '@vue/apollo-composable';
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, reactive } from 'vue';
import { connection, unitJson } from '@/features/invoices/receivablesFixtures';
import { UNITS_QUERY } from '@/features/units/units.graphql';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { countContext, useConnectionList } from './useConnectionList';

const units = ['1', '2', '3'].map((n) => unitJson(`unit-${n}`, n, `Owner ${n}`));

// A list of units, two to a page, behind the fake API edge (the real client and cache policy).
function mountList(reply: (req: GraphQLRequest) => GraphQLReply) {
  const requests: GraphQLRequest[] = [];
  const { client } = installTestClient((req) => {
    requests.push(req);
    return reply(req);
  });
  const filter = reactive<{ search?: string }>({});
  let list!: ReturnType<typeof useUnits>;
  const useUnits = () =>
    useConnectionList(
      UNITS_QUERY,
      () => ({ filter: filter.search ? { search: filter.search } : undefined, first: 2 }),
      (r) => r.units,
    );
  const wrapper = mount(
    defineComponent({
      setup() {
        list = useUnits();
        return () => h('div');
      },
    }),
    { global: { provide: { [DefaultApolloClient]: client } } },
  );
  return { wrapper, list, requests, filter };
}

// Pages of the three units: the first two, then the third after `c-unit-2`.
function paged(req: GraphQLRequest): GraphQLReply {
  const page = req.variables.after === 'c-unit-2' ? units.slice(2) : units.slice(0, 2);
  const more = req.variables.after !== 'c-unit-2';
  return { body: { data: { units: connection('Unit', page, more, units.length) } } };
}

describe('useConnectionList', () => {
  it('loads the first page, then appends the next one after the last cursor', async () => {
    const { wrapper, list, requests } = mountList(paged);
    expect(list.firstLoad.value).toBe(true);
    expect(list.states.value).toEqual({ loading: true, error: null, empty: false });
    await flushPromises();

    expect(list.firstLoad.value).toBe(false);
    expect(list.rows.value.map((u) => u.number)).toEqual(['1', '2']);
    expect(list.footer.value).toEqual({ shown: 2, hasMore: true, total: 3, loading: false });

    const more = list.loadMore();
    expect(list.loadingMore.value).toBe(true);
    await more;
    await flushPromises();
    expect(requests.at(-1)?.variables).toEqual({ first: 2, after: 'c-unit-2' });
    expect(list.rows.value.map((u) => u.number)).toEqual(['1', '2', '3']);
    expect(list.footer.value).toEqual({ shown: 3, hasMore: false, total: 3, loading: false });

    // Nothing more to read: no request.
    await list.loadMore();
    expect(requests).toHaveLength(2);
    wrapper.unmount();
  });

  it('starts over from the first page when the variables change', async () => {
    const { wrapper, requests, filter } = mountList(paged);
    await flushPromises();
    filter.search = 'owner 3';
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.variables).toEqual({ filter: { search: 'owner 3' }, first: 2 });
    wrapper.unmount();
  });

  it('reports an error only while there is nothing to show, and refetches on retry', async () => {
    let fail = true;
    const { wrapper, list, requests } = mountList((req) =>
      fail ? { body: apiError('INTERNAL', 'Database unavailable') } : paged(req),
    );
    await flushPromises();
    expect(list.loadError.value).not.toBeNull();
    expect(list.states.value.error).toBe(list.loadError.value);
    expect(list.rows.value).toEqual([]);

    fail = false;
    list.refetch();
    await vi.waitFor(() => expect(list.rows.value).toHaveLength(2));
    expect(list.loadError.value).toBeNull();
    expect(requests).toHaveLength(2);
    wrapper.unmount();
  });

  it('tells an empty list apart from one still loading', async () => {
    const { wrapper, list } = mountList(() => ({
      body: { data: { units: connection('Unit', [], false, 0) } },
    }));
    await flushPromises();
    expect(list.states.value).toEqual({ loading: false, error: null, empty: true });
    expect(list.totalCount.value).toBe(0);
    wrapper.unmount();
  });
});

describe('countContext', () => {
  it('counts the list, or the rows that match the filters', () => {
    const en = { locale: 'en-US' };
    expect(countContext(1, ['unit', 'units'], { ...en, filtered: false })).toBe('1 unit');
    expect(
      countContext(1250, ['entry', 'entries'], { ...en, filtered: false, suffix: 'newest first' }),
    ).toBe('1,250 entries · newest first');
    expect(countContext(3, ['invoice', 'invoices'], { ...en, filtered: true })).toBe(
      '3 invoices match the filters',
    );
    // One row: the noun and the verb agree ("1 entry matches", never "1 entry match").
    expect(countContext(1, ['entry', 'entries'], { ...en, filtered: true })).toBe(
      '1 entry matches the filters',
    );
    expect(countContext(0, ['entry', 'entries'], { ...en, filtered: true })).toBe(
      '0 entries match the filters',
    );
  });
});
