import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import ExportBooksDialog from './components/ExportBooksDialog.vue';

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('ExportBooksDialog', () => {
  let requests: GraphQLRequest[];
  let saved: { href: string; download: string }[];

  beforeEach(() => {
    document.body.innerHTML = '';
    requests = [];
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  async function open(reply: (req: GraphQLRequest) => GraphQLReply, props = {}) {
    installTestClient((req) => {
      requests.push(req);
      return reply(req);
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/transactions', pinia);
    const wrapper = mountWithApp(ExportBooksDialog, {
      pinia,
      router,
      props: { visible: true, ...props },
    });
    await flushPromises();
    return wrapper;
  }
  const exports = () => requests.filter((r) => r.operationName === 'BooksExport');

  it('downloads the period in the chosen format from the signed link', async () => {
    const wrapper = await open(
      () => ({
        body: {
          data: {
            booksExport: {
              __typename: 'BooksExportLink',
              url: '/exports/org-1/books/2026-01-01/2026-03-31/journal?exp=1&sig=abc',
              filename: 'books-2026-01-01-to-2026-03-31.journal',
            },
          },
        },
      }),
      { initialFrom: '2026-01-01', initialTo: '2026-03-31' },
    );
    $('#export-format-JOURNAL')!.click();
    await flushPromises();
    $('[data-testid=export-books-submit]')!.click();
    await flushPromises();
    expect(exports().map((r) => r.variables)).toEqual([
      { from: '2026-01-01', to: '2026-03-31', format: 'JOURNAL' },
    ]);
    expect(saved).toEqual([
      {
        href: '/exports/org-1/books/2026-01-01/2026-03-31/journal?exp=1&sig=abc',
        download: 'books-2026-01-01-to-2026-03-31.journal',
      },
    ]);
    expect(wrapper.emitted('exported')).toEqual([['books-2026-01-01-to-2026-03-31.journal']]);
    expect(wrapper.emitted('update:visible')).toEqual([[false]]);
    wrapper.unmount();
  });

  it('says what is wrong with the period, under its field', async () => {
    const wrapper = await open(
      () => ({
        body: apiError('BAD_USER_INPUT', 'The period ends before it starts', [
          { field: 'to', message: 'The period ends before it starts' },
        ]),
      }),
      { initialFrom: '2026-04-01', initialTo: '2026-03-01' },
    );
    $('[data-testid=export-books-submit]')!.click();
    await flushPromises();
    // Checked here first: nothing is asked of the API.
    expect(exports()).toEqual([]);
    expect($('[data-testid=export-to-error]')?.textContent?.trim()).toBe(
      'The period ends before it starts.',
    );
    expect(saved).toEqual([]);
    wrapper.unmount();
  });
});
