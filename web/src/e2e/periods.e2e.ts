import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
} from './browser.js';

// Maple Ridge's books are closed through last month. The admin reopens last month for a late
// bill, closes it again once its reconciliations stand, and then nothing can be dated into it: a
// journal entry, an owner's payment and the bank's file are each refused with the month named.
describe('browser journey: closing the books', () => {
  let j: DemoJourney;
  let month = ''; // last month, YYYY-MM
  let label = ''; // "November 2026"

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: { width: 1440, height: 900 } });
    const { periods } = await j.gql('{ periods { closedThrough } }');
    month = periods.closedThrough.slice(0, 7);
    label = new Date(`${month}-15T12:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  });
  afterAll(() => j?.close());
  afterEach(() => expectQuietConsole(j.errors));

  const toast = (page: Page, text: string) =>
    page.locator('.p-toast-message', { hasText: text }).first().waitFor();
  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
  // A date in last month, as people type it.
  const typed = () => `${month.slice(5, 7)}/15/${month.slice(0, 4)}`;
  // The refusals answer 400: expected here, so they are taken off the watched list.
  const forgetRefusals = () => {
    const kept = j.errors.filter((e) => !/^400 POST .*\/graphql/.test(e));
    j.errors.splice(0, j.errors.length, ...kept);
  };

  it('reopens last month with a reason and closes it again, its bank accounts reconciled', async () => {
    const { page, app, shots } = j;
    await page.click('a[aria-label="Close the Books"]');
    await page.waitForURL(/\/close$/);
    const row = page.locator(`[data-testid="months"] li[data-month="${month}"]`);
    await expect.poll(() => row.textContent()).toContain('Closed');
    await settled(page);
    await page.screenshot({ path: join(shots, 'periods-desk.png'), fullPage: true });

    await row.locator('[data-testid="reopen-month"]').click();
    await page.click('[data-testid="reopen-confirm"]');
    await expect.poll(() => page.textContent('.p-dialog')).toContain('Say why');
    await page.fill('#reopen-reason', 'Insurance renewal invoice arrived late');
    await page.click('[data-testid="reopen-confirm"]');
    await toast(page, `${label} is open again`);
    await expect.poll(() => row.textContent()).toContain('Open');

    const next = page.locator('[data-testid="next-to-close"]');
    await expect.poll(() => next.textContent()).toContain(`${label} is ready to close`);
    expect(await next.textContent()).not.toContain('not reconciled');
    await page.click('[data-testid="close-month"]');
    await expect
      .poll(() => page.textContent('.p-dialog'))
      .toContain('Every bank account is reconciled');
    await settled(page);
    await page.screenshot({ path: join(shots, 'periods-close-dialog.png') });
    await page.click('[data-testid="close-confirm"]');
    await toast(page, `${label} is closed`);
    await expect.poll(() => row.textContent()).toContain('Closed');
    await expect
      .poll(() => page.textContent('[data-testid="period-history"]'))
      .toContain('Reason: Insurance renewal invoice arrived late');
    expect(app).toBeTruthy();
  });

  it('refuses a journal entry, a payment and the bank’s file dated in the closed month', async () => {
    const { page, app, shots } = j;
    // 1. A journal entry.
    await page.goto(`${app.url}/transactions/new`);
    await page.fill('#entry-memo', 'Insurance renewal');
    await page.click('#entry-date');
    await page.fill('#entry-date', typed());
    await page.keyboard.press('Tab');
    for (const [line, account, field] of [
      [0, /5030/, 'debit'],
      [1, /1010/, 'credit'],
    ] as const) {
      await page.click(`#line-${line}-account`);
      await page.locator('[role="option"]:visible').filter({ hasText: account }).first().click();
      await page.fill(`#line-${line}-${field}`, '1840.00');
    }
    await page.locator('#line-1-credit').blur();
    await expect.poll(() => page.isDisabled('[data-testid="post-entry"]')).toBe(false);
    await page.click('[data-testid="post-entry"]');
    await expect.poll(() => page.textContent('body')).toContain(`${label} is closed`);
    expect(page.url()).toMatch(/\/transactions\/new$/);
    await page.screenshot({ path: join(shots, 'periods-refused-entry.png') });
    forgetRefusals();

    // 2. An owner's payment, from the unit's page.
    await page.goto(`${app.url}/units`);
    await page.locator('[data-testid="units-table"] tbody tr a').first().click();
    await page.waitForURL(/\/units\/[0-9a-f-]{36}$/);
    await page.click('[data-testid="unit-record-payment"]');
    // The dialog opens on the amount once shown: typing before that would go where focus lands.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payment-amount');
    await page.fill('#payment-amount', '125');
    await page.click('#payment-date');
    await page.fill('#payment-date', typed());
    await page.keyboard.press('Tab');
    await page.click('[data-testid="record-payment-submit"]');
    await expect.poll(() => page.textContent('.p-dialog')).toContain(`${label} is closed`);
    await settled(page);
    await page.screenshot({ path: join(shots, 'periods-refused-payment.png') });
    await page.keyboard.press('Escape');
    const discard = page.getByRole('button', { name: 'Discard' });
    if (await discard.isVisible().catch(() => false)) await discard.click();
    forgetRefusals();

    // 3. The bank's file with a line dated in the closed month.
    const { bankAccounts } = await j.gql('{ bankAccounts { accountId account { number } } }');
    const checking = bankAccounts.find(
      (b: { account: { number: string } }) => b.account.number === '1010',
    ).accountId;
    const d = `${month.replace('-', '')}28`;
    const file = join(shots, 'late-line.ofx');
    writeFileSync(
      file,
      `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>053000196<ACCTID>000004821<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${d}<DTEND>${d}
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${d}<TRNAMT>-12.00<FITID>LATE${d}<NAME>WIRE FEE</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>${d}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
    );
    await page.goto(`${app.url}/banking/${checking}`);
    await page.click('[data-testid="import-statement"]');
    await page.setInputFiles('#statement-file', file);
    await expect.poll(() => page.textContent('.p-dialog')).toContain(`${label} is closed`);
    await settled(page);
    await page.screenshot({ path: join(shots, 'periods-refused-import.png') });
    await page.locator('.p-dialog button', { hasText: 'Cancel' }).click();
    forgetRefusals();
    const { bankLines } = await j.gql(
      `query ($id: ID!) { bankLines(accountId: $id) { description } }`,
      { id: checking },
    );
    expect(bankLines.map((l: { description: string }) => l.description)).not.toContain('WIRE FEE');
  });

  const VERSIONS = `query ($month: String!) { boardPacket(month: $month) {
    version status draft url booksState { closedThrough } } }`;
  const readyVersions = async () => {
    for (let i = 0; i < 120; i++) {
      const { boardPacket } = await j.gql(VERSIONS, { month });
      if (boardPacket.length && boardPacket[0].status !== 'QUEUED') return boardPacket;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the packet was not rendered');
  };
  const packetText = async (url: string, name: string) => {
    const pdf = Buffer.from(await (await fetch(new URL(url, j.app.url))).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(j.shots, `${name}.pdf`);
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '3', file, join(j.shots, name)]);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };

  it('generates the closed month’s packet, reads its sections, and gets a new version after a reopen', async () => {
    const { page, app, shots } = j;
    await page.goto(`${app.url}/reports/board-packet?month=${month}`);
    await page.locator('[data-testid="packet-versions"]').waitFor();
    const before = (await j.gql(VERSIONS, { month })).boardPacket.length;
    await page.click('[data-testid="generate-packet"]');
    await page.locator(`[data-testid="packet-version-${before + 1}"]`).waitFor();
    const [closed] = await readyVersions();
    expect(closed).toMatchObject({ version: before + 1, status: 'READY', draft: false });
    expect(closed.booksState.closedThrough).toBe(
      `${month}-${closed.booksState.closedThrough.slice(8)}`,
    );
    await expect
      .poll(() => page.textContent(`[data-testid="packet-version-${before + 1}"]`))
      .toMatch(/Ready|READY|Download/);
    await page.screenshot({ path: join(shots, 'packet-versions-desk.png'), fullPage: false });
    const text = await packetText(closed.url, 'packet-closed');
    for (const heading of [
      'Contents',
      'Balance sheet',
      'Income statement',
      'Reserve activity',
      'Bank reconciliation',
      'Check register',
      'Aging',
      'Investments',
      'Capital projects',
      'General ledger',
    ]) {
      expect(text, heading).toMatch(new RegExp(heading, 'i'));
    }
    expect(text).toContain('Maple Ridge HOA');
    expect(text).toMatch(/Page \d+ of \d+/);
    expect(text).not.toContain('DRAFT');
    // Generating again while the close stands gives the same version.
    await page.click('[data-testid="generate-packet"]');
    await page.waitForTimeout(500);
    expect((await j.gql(VERSIONS, { month })).boardPacket).toHaveLength(before + 1);

    // Reopened with a reason: the next packet is a new version, a draft, and the old one is kept.
    await page.goto(`${app.url}/close`);
    const row = page.locator(`[data-testid="months"] li[data-month="${month}"]`);
    await row.locator('[data-testid="reopen-month"]').click();
    await page.fill('#reopen-reason', 'Board asked to reclassify the pool repair');
    await page.click('[data-testid="reopen-confirm"]');
    await toast(page, `${label} is open again`);
    await page.goto(`${app.url}/reports/board-packet?month=${month}`);
    await page.locator('[data-testid="packet-versions"]').waitFor();
    await page.click('[data-testid="generate-packet"]');
    await page.locator(`[data-testid="packet-version-${before + 2}"]`).waitFor();
    const [draft, kept] = await readyVersions();
    expect(draft).toMatchObject({ version: before + 2, status: 'READY', draft: true });
    expect(kept).toMatchObject({ version: before + 1, status: 'READY', draft: false });
    const draftText = await packetText(draft.url, 'packet-reopened');
    expect(draftText).toContain('DRAFT');
    expect(draftText).toContain('Board asked to reclassify the pool repair');
    await page.screenshot({ path: join(shots, 'packet-versions-reopened.png') });
    // Both are on the Documents page.
    await page.goto(`${app.url}/documents`);
    await expect
      .poll(() => page.textContent('[data-testid="documents-table"]'))
      .toContain(`board-packet-${month}-v${before + 2}.pdf`);
    expect(await page.textContent('[data-testid="documents-table"]')).toContain(
      `board-packet-${month}-v${before + 1}.pdf`,
    );
    await page.screenshot({ path: join(shots, 'documents-desk.png') });
  });

  it('shows the closed months on a phone', async () => {
    const { page, shots } = j;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${j.app.url}/close`);
    await page.locator('[data-testid="months"]').waitFor();
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'periods-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
