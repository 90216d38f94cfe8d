import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import ImportJournalDialog from './components/ImportJournalDialog.vue';
import type { JournalImportResult } from './transactions.graphql';

const result = (over: Partial<JournalImportResult> = {}): JournalImportResult => ({
  committed: false,
  entryCount: 2,
  lineCount: 5,
  totalDebit: '1499.99',
  from: '2025-01-05',
  to: '2025-01-31',
  sampleRowsSkipped: 0,
  entries: [
    { reference: 'GJ-1', date: '2025-01-05', memo: 'January dues', lineCount: 2, total: '1200.00' },
    { reference: 'GJ-2', date: '2025-01-31', memo: 'Landscaping', lineCount: 3, total: '299.99' },
  ],
  errors: [],
  ...over,
});

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

describe('ImportJournalDialog', { timeout: 30_000 }, () => {
  let replies: JournalImportResult[];
  let sent: { dryRun: boolean; hasFile: boolean; preflight: string | null }[];

  beforeEach(() => {
    document.body.innerHTML = '';
    replies = [];
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const form = init.body as FormData;
        const operations = JSON.parse(String(form.get('operations')));
        sent.push({
          dryRun: operations.variables.dryRun,
          hasFile: form.get('0') instanceof Blob,
          preflight: new Headers(init.headers).get('apollo-require-preflight'),
        });
        return new Response(JSON.stringify({ data: { importJournalEntries: replies.shift() } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  async function open() {
    installTestClient(() => ({ body: { data: null } }));
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/transactions', pinia);
    const wrapper = mountWithApp(ImportJournalDialog, { pinia, router, props: { visible: true } });
    await flushPromises();
    const input = $('[data-testid=journal-file]') as HTMLInputElement;
    const file = new File(['date,reference\n'], 'history.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await flushPromises();
    return wrapper;
  }

  it('checks the file first, lists every problem with its row, and offers no import', async () => {
    await open();
    replies.push(
      result({
        errors: [
          { row: 2, field: 'reference', message: 'Entry GJ-1 does not balance' },
          { row: 5, field: 'account', message: 'No account numbered 9999' },
        ],
      }),
    );
    $('[data-testid=journal-check]')!.click();
    await flushPromises();
    expect(sent).toEqual([{ dryRun: true, hasFile: true, preflight: 'true' }]);
    const errors = $('[data-testid=import-errors]')!.textContent!;
    expect(errors).toContain('Nothing was imported: 2 problems in 2 rows');
    expect(errors).toContain('No account numbered 9999');
    expect($('[data-testid=journal-import]')).toBeNull();
  });

  it('shows what the file holds, then posts it on a second click', async () => {
    const wrapper = await open();
    replies.push(result(), result({ committed: true }));
    $('[data-testid=journal-check]')!.click();
    await flushPromises();
    const preview = $('[data-testid=journal-preview]')!.textContent!;
    expect(preview).toContain('2 entries · 5 lines · debits $1,499.99');
    expect(preview).toContain('GJ-2');
    const post = $('[data-testid=journal-import]')!;
    expect(post.textContent).toContain('Import 2 entries');
    post.click();
    await flushPromises();
    expect(sent.map((s) => s.dryRun)).toEqual([true, false]);
    expect(wrapper.emitted('imported')).toEqual([[2, 0]]);
  });

  it('says how many of the template’s sample rows were left out', async () => {
    const wrapper = await open();
    replies.push(
      result({ sampleRowsSkipped: 2 }),
      result({ committed: true, sampleRowsSkipped: 2 }),
    );
    $('[data-testid=journal-check]')!.click();
    await flushPromises();
    expect($('[data-testid=journal-preview]')!.textContent).toContain(
      '2 entries · 5 lines · debits $1,499.99 · Jan 5, 2025 – Jan 31, 2025 · 2 sample rows skipped',
    );
    $('[data-testid=journal-import]')!.click();
    await flushPromises();
    expect(wrapper.emitted('imported')).toEqual([[2, 2]]);
  });
});
