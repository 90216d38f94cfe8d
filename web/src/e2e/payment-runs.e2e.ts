import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  navigate,
  openDemoJourney,
} from './browser.js';

// Maple Ridge's treasurer pays the week's bills: chooses them by vendor (one in part), pays by
// check from the operating account, prints the checks and reads the PDF, downloads the positive
// pay file, voids a check (its bill reopens), and reads the payables reports. Then the same pages
// on a phone.
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

describe('browser journey: paying bills', () => {
  let j: DemoJourney;
  let runPath = '';
  let runId = '';

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: { width: 1440, height: 900 }, downloads: true });
  });
  afterAll(() => j?.close());
  afterEach(() => expectQuietConsole(j.errors));

  const shot = (name: string, fullPage = true) =>
    j.page.screenshot({ path: join(j.shots, `payables-${name}.png`), fullPage });

  it('pays the bills due this week by check, one of them in part', async () => {
    const { page, app } = j;
    await page.goto(`${app.url}/payment-runs`);
    await page.locator('[data-testid="payment-runs-table"] tbody tr').first().waitFor();
    await settled(page);
    await shot('runs-desk');

    await page.click('[data-testid="new-payment-run"]');
    await page.waitForURL(/\/payment-runs\/new$/);
    const vendors = page.locator('[data-testid^="pay-vendor-"][aria-label]');
    await vendors.first().waitFor();
    await expect.poll(() => page.textContent('[data-testid="pay-next-check"]')).toMatch(/check/i);
    await settled(page);
    await shot('new-desk');
    await expectFitsViewport(page);

    // Every bill of the first vendor, and part of the first bill of the second.
    const first = vendors.nth(0);
    await first.locator('[data-testid="pay-vendor-all"] input').check();
    const count = await vendors.count();
    let partial = '';
    if (count > 1) {
      const second = vendors.nth(1);
      const input = second.locator('[data-testid="pay-amount"]').first();
      await input.fill('10.00');
      await input.blur();
      partial = '10.00';
      await expect
        .poll(() => second.locator('[data-testid="pay-partial"]').first().textContent())
        .toContain('Partial');
    }
    const total = await page.textContent('[data-testid="pay-grand-total"]');
    expect(total).not.toBe('$0.00');
    await settled(page);
    await shot('new-chosen-desk');

    await page.click('[data-testid="pay-run-submit"]');
    await page.waitForURL(/\/payment-runs\/[0-9a-f-]{36}$/);
    runPath = new URL(page.url()).pathname;
    runId = runPath.split('/').pop()!;
    const rows = page.locator('[data-testid="run-payments"] tbody tr');
    await expect.poll(() => rows.count()).toBe(count > 1 ? 2 : 1);
    expect(await page.textContent('[data-testid="run-total"]')).toBe(total);
    if (partial) expect(await page.textContent('[data-testid="run-payments"]')).toContain('left');
    await page.locator('[data-testid="checks-none"]').waitFor();
    await settled(page);
    await shot('run-desk');
  });

  it('prints the checks, shows and downloads the PDF, and the positive pay file', async () => {
    const { page, app, shots } = j;
    await page.click('[data-testid="print-checks"]');
    await expect
      .poll(() => page.textContent('[data-testid="checks-status"]'), { timeout: 60_000 })
      .toContain('Ready to print');
    await page.locator('[data-testid="checks-preview"] iframe').waitFor();
    await settled(page);
    await shot('run-printed-desk', false);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="checks-download"]'),
    ]);
    const pdfFile = join(shots, 'payables-checks.pdf');
    await pdf.saveAs(pdfFile);
    expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '2', pdfFile, pdfFile]);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    const { paymentRun } = await j.gql(
      'query ($id: ID!) { paymentRun(id: $id) { payments { checkNumber vendor { name } } } }',
      { id: runId },
    );
    // Each check on its page: its number, the payee, the amount in words.
    for (const p of paymentRun.payments) {
      expect(text).toContain(p.checkNumber);
      expect(text).toContain(p.vendor.name);
    }
    expect(text).toMatch(/DOLLARS/i);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="positive-pay"]'),
    ]);
    const csvFile = join(shots, 'payables-positive-pay.csv');
    await csv.saveAs(csvFile);
    const positivePay = readFileSync(csvFile, 'utf8');
    for (const p of paymentRun.payments) expect(positivePay).toContain(p.checkNumber);
    expect(app.url).toContain('http');
  });

  it('voids a check with a reason, and its bills reopen', async () => {
    const { page } = j;
    const row = page.locator('[data-testid="run-payments"] tbody tr').first();
    const vendor = (await row.locator('td').first().textContent())!.trim();
    await row.locator('[data-testid^="payment-actions-"]').click();
    await page.locator('.p-menu .p-menu-item', { hasText: 'Void' }).click();
    await page.locator('[data-testid="void-payment-intro"]').waitFor();
    await page.fill('[data-testid="void-payment-reason"]', 'Check lost in the mail');
    await settled(page);
    await shot('void-dialog-desk', false);
    await page.click('[data-testid="void-payment-submit"]');
    await page.locator('.p-toast-message', { hasText: 'voided' }).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('Void');
    expect(await row.textContent()).toContain('Check lost in the mail');
    // Its bills are open again, for what the check paid on them.
    const { paymentRun } = await j.gql(
      `query ($id: ID!) { paymentRun(id: $id) { payments { status vendor { name }
        applications { bill { status } } } } }`,
      { id: runId },
    );
    const voided = paymentRun.payments.find((p: { status: string }) => p.status === 'VOID');
    expect(vendor).toContain(voided.vendor.name);
    for (const a of voided.applications) expect(a.bill.status).not.toBe('PAID');
    await settled(page);
    await shot('run-voided-desk');
  });

  it.each([
    ['aging', 'ap-aging-table'],
    ['cash-requirements', 'cash-requirements-table'],
    ['check-register', 'check-register-table'],
    ['1099', 'tax-1099-table'],
  ])('reads /payables/%s', async (path, table) => {
    const { page } = j;
    await navigate(page, `/payables/${path}`);
    await page.locator(`[data-testid="${table}"] tbody tr`).first().waitFor();
    await settled(page);
    await shot(`${path}-desk`);
    await expectFitsViewport(page);
  });

  it('reads a vendor ledger from the aging report', async () => {
    const { page, app } = j;
    await page.goto(`${app.url}/payables/aging`);
    await page.locator('[data-testid="ap-aging-ties"]').waitFor();
    expect(await page.textContent('[data-testid="ap-aging-ties"]')).toContain('ties');
    await page.locator('[data-testid="ap-aging-table"] tbody tr a').first().click();
    await page.waitForURL(/vendor-ledger/);
    await page.locator('[data-testid="vendor-ledger-table"] tbody tr').first().waitFor();
    await settled(page);
    await shot('vendor-ledger-desk');
  });

  it('shows and edits a bank account’s check settings', async () => {
    const { page, app } = j;
    const { bankAccounts } = await j.gql('{ bankAccounts { accountId account { number } } }');
    const checking = bankAccounts.find(
      (b: { account: { number: string } }) => b.account.number === '1010',
    ).accountId;
    await page.goto(`${app.url}/banking/${checking}?tab=checks`);
    await page.locator('[data-testid="next-check-number"]').waitFor();
    await settled(page);
    await shot('check-settings-desk', false);
    await page.click('[data-testid="edit-check-settings"]');
    await page.locator('[data-testid="check-routing"]').waitFor();
    await settled(page);
    await shot('check-settings-dialog-desk', false);
    await page.keyboard.press('Escape');
  });

  it('fits a phone', async () => {
    const { page } = j;
    const { bankAccounts } = await j.gql('{ bankAccounts { accountId account { number } } }');
    const checking = bankAccounts.find(
      (b: { account: { number: string } }) => b.account.number === '1010',
    ).accountId;
    const { payablesAging } = await j.gql('{ payablesAging { rows { vendor { id } } } }');
    const vendor = payablesAging.rows[0].vendor.id;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, wait, name] of [
      ['/payment-runs', '[data-testid="payment-runs-table"] tbody tr', 'runs'],
      ['/payment-runs/new', '[data-testid="pay-bills"]', 'new'],
      [runPath, '[data-testid="run-payments"] tbody tr', 'run'],
      ['/payables/aging', '[data-testid="ap-aging-table"] tbody tr', 'aging'],
      ['/payables/cash-requirements', '[data-testid="cash-requirements-table"] tbody tr', 'cash'],
      ['/payables/check-register', '[data-testid="check-register-table"] tbody tr', 'register'],
      ['/payables/1099', '[data-testid="tax-1099-table"] tbody tr', '1099'],
      [
        `/payables/vendor-ledger?vendor=${vendor}`,
        '[data-testid="vendor-ledger-table"] tbody tr',
        'vendor-ledger',
      ],
      ['/reports', '[data-testid="report-payables-aging"]', 'reports'],
      [`/banking/${checking}?tab=checks`, '[data-testid="next-check-number"]', 'check-settings'],
    ]) {
      await navigate(page, path);
      await page.locator(wait).first().waitFor();
      await settled(page);
      await shot(`${name}-phone`);
      await expectFitsViewport(page);
    }
  });
});
