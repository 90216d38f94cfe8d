import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { createTenant } from '../../../api/src/test/tenant.js';
import { expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

// A treasurer records a payment by hand: the new-entry form refuses to post until it balances,
// the entry lands in the journal, takes a receipt, and can be reversed.
describe('browser journey: the journal', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing');
    app = await startTestApp({ serveWeb: true });
    const t = await createTenant(app, 'Cedar Point HOA', {
      adminEmail: 'treasurer@cedar-point.test',
    });
    token = t.admin;
    await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchConsole(page, errors);
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', 'treasurer@cedar-point.test');
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  async function pickAccount(line: number, label: RegExp) {
    await page.click(`#line-${line}-account`);
    // Each line's select has its own overlay; pick from the open one.
    await page.locator('[role="option"]:visible').filter({ hasText: label }).first().click();
  }

  it('posts a balanced entry from the form, attaches a receipt, and reverses it', async () => {
    await page.goto(`${app.url}/transactions/new`);
    await page.fill('#entry-memo', 'March landscaping');
    // Leaving a half-typed entry asks first, in the app's dialog; Keep editing keeps the text.
    await page.click('a[aria-label="Accounts"]');
    await expect.poll(() => page.textContent('body')).toContain('Discard unsaved changes?');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => page.isVisible('[data-testid="discard-changes"]')).toBe(false);
    expect(page.url()).toMatch(/\/transactions\/new$/);
    expect(await page.inputValue('#entry-memo')).toBe('March landscaping');

    // A date typed the way people write it (the first of this month, as MM/DD/YYYY) is read on
    // Tab and shown in the app's date format; the calendar does not stay over the next field.
    const now = new Date();
    const month = now.toLocaleString('en-US', { month: 'short' });
    await page.click('#entry-date');
    await page.fill(
      '#entry-date',
      `${String(now.getMonth() + 1).padStart(2, '0')}/01/${now.getFullYear()}`,
    );
    await page.keyboard.press('Tab');
    expect(await page.inputValue('#entry-date')).toBe(`${month} 1, ${now.getFullYear()}`);
    expect(await page.getAttribute('#entry-date', 'aria-invalid')).toBeNull();
    await expect.poll(() => page.isVisible('.p-datepicker-panel')).toBe(false);

    await pickAccount(0, /5010/);
    await page.fill('#line-0-debit', '1250.00');
    await pickAccount(1, /1010/);
    await page.fill('#line-1-credit', '1200.00');
    await page.locator('#line-1-credit').blur();
    // Out of balance: the difference shows and posting is refused.
    await expect.poll(() => page.textContent('[data-testid="difference"]')).toMatch(/50\.00/);
    expect(await page.isDisabled('[data-testid="post-entry"]')).toBe(true);

    await page.fill('#line-1-credit', '1250.00');
    await page.locator('#line-1-credit').blur();
    await expect.poll(() => page.isDisabled('[data-testid="post-entry"]')).toBe(false);
    await page.click('[data-testid="post-entry"]');
    await page.waitForURL(/\/transactions\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.textContent('body')).toMatch(/JE-\d+/);
    await expect.poll(() => page.textContent('[data-testid="entry-lines"]')).toContain('1,250.00');

    await page.setInputFiles('[data-testid="file-input"]', {
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect
      .poll(() => page.textContent('[data-testid="attachment-list"]'))
      .toContain('receipt.pdf');

    await page.getByRole('button', { name: 'Reverse' }).click();
    await page.click('[data-testid="reverse-confirm"]');
    // Wait for the reversal itself (the toast naming what it reverses), not the button's label.
    await expect.poll(() => page.textContent('body')).toMatch(/It reverses JE-\d+/);

    // What the screens showed is what the ledger holds.
    const res = await app.gql(
      '{ journalEntries { totalCount edges { node { source total attachments { filename } } } } trialBalance { totalDebit totalCredit } }',
      {},
      token,
    );
    const j = res.body.data!.journalEntries;
    expect(j.totalCount).toBe(2);
    expect(j.edges.map((e: { node: { source: string } }) => e.node.source).sort()).toEqual([
      'MANUAL',
      'REVERSAL',
    ]);
    const manual = j.edges.find((e: { node: { source: string } }) => e.node.source === 'MANUAL');
    expect(manual.node.attachments).toEqual([{ filename: 'receipt.pdf' }]);
    // Entry and reversal cancel out: every account is back to zero.
    expect(res.body.data!.trialBalance).toEqual({ totalDebit: '0.00', totalCredit: '0.00' });

    await page.goto(`${app.url}/transactions`);
    await expect
      .poll(() => page.textContent('[data-testid="entries-table"]'))
      .toContain('March landscaping');
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', 'transactions.png') });
    expect(errors).toEqual([]);
  });

  it('imports history from a CSV file: problems by row first, then the whole file', async () => {
    await page.goto(`${app.url}/transactions`);
    await page.click('[data-testid="import-journal"]');
    const bad =
      'date,reference,account,debit,credit\n2025-12-01,H-1,1010,90.00,\n2025-12-01,H-1,9999,,90.00\n';
    await page.setInputFiles('[data-testid="journal-file"]', {
      name: 'history.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    await page.click('[data-testid="journal-check"]');
    await expect
      .poll(() => page.textContent('[data-testid="import-errors"]'))
      .toContain('No account numbered 9999');
    await page.waitForTimeout(400); // the message's opening animation, for the picture
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', 'journal-import-errors.png') });

    // The template's sample row left in at the top is skipped, and the preview says so.
    const good = [
      'Date,Reference,Account,Debit,Credit,Memo',
      '# example: 2026-01-31,GJ-1001,5010,250.00,,January landscaping',
      '12/01/2025,H-1,5010,90.00,,December mowing',
      '12/01/2025,H-1,1010,,90.00,December mowing',
      '12/15/2025,H-2,5010,"1,250.00",,Tree removal',
      '12/15/2025,H-2,1010,,"1,250.00",Tree removal',
    ].join('\n');
    await page.setInputFiles('[data-testid="journal-file"]', {
      name: 'history.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await page.click('[data-testid="journal-check"]');
    await expect
      .poll(() => page.textContent('[data-testid="journal-preview"]'))
      .toContain('2 entries · 4 lines · debits $1,340.00');
    expect(await page.textContent('[data-testid="journal-preview"]')).toContain(
      '1 sample row skipped',
    );
    await page.waitForTimeout(400); // the message's opening animation, for the picture
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', 'journal-import-preview.png') });
    await page.click('[data-testid="journal-import"]');
    await expect.poll(() => page.textContent('body')).toContain('2 journal entries imported');
    await expect
      .poll(() => page.textContent('[data-testid="entries-table"]'))
      .toContain('Tree removal');
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', 'journal-imported.png') });
    const res = await app.gql(
      `{ journalEntries(filter: { source: IMPORT }) { totalCount } trialBalance { totalDebit totalCredit } }`,
      {},
      token,
    );
    expect(res.body.data!.journalEntries.totalCount).toBe(2);
    expect(res.body.data!.trialBalance.totalDebit).toBe(res.body.data!.trialBalance.totalCredit);
    expect(errors).toEqual([]);
  });
});
