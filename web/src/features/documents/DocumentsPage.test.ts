import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import DocumentsPage from './views/DocumentsPage.vue';

const doc = (
  id: string,
  month: string,
  version: number,
  status: string,
  extra: Record<string, unknown> = {},
) => ({
  __typename: 'AssociationDocument',
  id,
  kind: 'BOARD_PACKET',
  title: `Board packet · ${month}`,
  periodStart: `${month}-01`,
  periodEnd: month === '2026-02' ? '2026-02-28' : '2026-03-31',
  version,
  status,
  error: null,
  draft: false,
  fileName: `board-packet-${month}-v${version}.pdf`,
  size: status === 'READY' ? 1_572_864 : null,
  generatedBy: 'Dana Whitfield',
  createdAt: '2026-04-02T15:04:00.000Z',
  readyAt: null,
  booksState: {
    __typename: 'DocumentBooksState',
    closedThrough: '2026-03-31',
    entryCount: 212,
    lastEntryNumber: 1042,
  },
  published: null,
  ...extra,
});

const LIST = [
  doc('d3', '2026-03', 2, 'QUEUED', { draft: true }),
  doc('d2', '2026-03', 1, 'READY'),
  doc('d1', '2026-02', 1, 'FAILED', { error: 'The statement is missing' }),
];

// What the association shows its owners (the section under the list).
const PUBLISHED = [
  {
    __typename: 'PublishedDocument',
    id: 'p1',
    title: 'Annual meeting minutes',
    category: 'minutes',
    fileName: 'minutes-2026-03.pdf',
    contentType: 'application/pdf',
    size: 52_000,
    publishedAt: '2026-04-03T10:00:00.000Z',
    documentId: null,
  },
];

async function mountDocuments(
  handler?: (req: GraphQLRequest) => unknown,
  role: 'VIEWER' | 'ADMIN' = 'VIEWER',
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    const answer = handler?.(req);
    if (answer) return { body: { data: answer } };
    if (req.operationName === 'PublishedDocuments')
      return { body: { data: { publishedDocuments: PUBLISHED } } };
    return {
      body: {
        data: {
          documents: {
            __typename: 'AssociationDocumentConnection',
            edges: LIST.map((node) => ({ __typename: 'AssociationDocumentEdge', node })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            totalCount: LIST.length,
          },
        },
      },
    };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'board@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/documents', pinia);
  const wrapper = mountWithApp(withToast(DocumentsPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

describe('DocumentsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each version with its kind, period, state, who made it, size and a download', async () => {
    const { wrapper, requests, router } = await mountDocuments((req) =>
      req.operationName === 'DocumentLink'
        ? {
            document: {
              __typename: 'AssociationDocument',
              id: 'd2',
              status: 'READY',
              url: '/documents/org-1/d2?exp=1&sig=x',
              fileName: 'board-packet-2026-03-v1.pdf',
            },
          }
        : null,
    );
    expect(requests[0]?.variables).toEqual({ kind: null, first: 50 });
    expect(wrapper.text()).toContain('3 documents · newest first · every version kept');
    const rows = wrapper
      .findAll('[data-testid=documents-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Board packetboard-packet-2026-03-v2.pdf',
      'Mar 2026',
      '2',
      'Generating…Draft',
      'Dana Whitfield Apr 2, 2026, 3:04 PM',
      '—',
    ]);
    expect(rows[1]?.slice(1, 6)).toEqual([
      'Mar 2026',
      '1',
      'ReadyFinal',
      'Dana Whitfield Apr 2, 2026, 3:04 PM',
      '1.5 MB',
    ]);
    expect(rows[2]?.[3]).toBe('Failed');
    // Only a ready document downloads; its link is asked for at the click.
    expect(wrapper.findAll('[data-testid^=download-]')).toHaveLength(1);
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    await wrapper.get('[data-testid=download-d2]').trigger('click');
    await flushPromises();
    expect(clicked).toEqual([
      '/documents/org-1/d2?exp=1&sig=x&download=1 board-packet-2026-03-v1.pdf',
    ]);
    click.mockRestore();
    expect(router.currentRoute.value.query).toEqual({});
    wrapper.unmount();
  });

  it('is a list of cards on a phone, not a squeezed table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 640px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { wrapper } = await mountDocuments();
    expect(wrapper.find('[data-testid=documents-table]').exists()).toBe(false);
    const cards = wrapper.findAll('[data-testid=document-card]');
    expect(cards).toHaveLength(3);
    expect(cards[1]!.text().replace(/\s+/g, ' ')).toContain('Board packet · Mar 2026');
    expect(cards[1]!.text()).toContain('v1');
    expect(cards[1]!.text()).toContain('1.5 MB');
    expect(cards[1]!.find('button').text()).toContain('Download PDF');
    expect(cards[0]!.find('button').exists()).toBe(false);
    expect(cards[2]!.text()).toContain('The statement is missing');
    wrapper.unmount();
  });

  it('shows a ready document to owners, and lists what owners see', async () => {
    const published: unknown[] = [];
    const { wrapper, requests } = await mountDocuments((req) => {
      if (req.operationName === 'PublishDocument') {
        published.push(req.variables);
        return {
          publishDocument: {
            ...PUBLISHED[0],
            id: 'p2',
            title: 'March financials',
            category: 'financials',
            documentId: 'd2',
          },
        };
      }
      return null;
    }, 'ADMIN');
    // The section and the dialog are loaded with the page's first use of them.
    const section = await vi.waitFor(() => {
      const found = wrapper.get('[data-testid=published-documents]');
      expect(found.text()).toContain('Annual meeting minutes');
      return found;
    });
    expect(section.text()).toContain('Minutes');
    // Only the ready document offers it; a failed or queued one has nothing to show.
    expect(
      wrapper.findAll('[data-testid^=publish-d]').map((b) => b.attributes('data-testid')),
    ).toEqual(['publish-d2']);
    await wrapper.get('[data-testid=publish-d2]').trigger('click');
    const title = await vi.waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('[data-testid=publish-title]');
      if (!input) throw new Error('no dialog yet');
      return input;
    });
    expect(title.value).toBe('Board packet · Mar 2026');
    title.value = 'March financials';
    title.dispatchEvent(new Event('input'));
    document.querySelector<HTMLButtonElement>('[data-testid=publish-submit]')!.click();
    await vi.waitFor(() => expect(published).toHaveLength(1));
    await flushPromises();
    expect(published).toEqual([
      { input: { title: 'March financials', category: 'financials', documentId: 'd2' } },
    ]);
    expect(document.body.textContent).toContain('March financials is shown to owners');
    // The lists are read again: the row says it is shown, the section lists it.
    expect(requests.filter((r) => r.operationName === 'Documents').length).toBeGreaterThan(1);
    wrapper.unmount();
  });

  it('says what belongs here when nothing was generated yet', async () => {
    const { wrapper } = await mountDocuments(() => ({
      documents: {
        __typename: 'AssociationDocumentConnection',
        edges: [],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        totalCount: 0,
      },
    }));
    expect(wrapper.text()).toContain('No documents yet');
    expect(wrapper.text()).toContain('Open the board packet');
    wrapper.unmount();
  });
});
