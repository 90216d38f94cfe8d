import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
} from './browser.js';

// Maple Ridge's treasurer closes the month with the bank: imports the bank's latest file (the
// interest it paid), matches what the books have, lets a rule post the power company's autopay,
// posts the bank fee, reaches a difference of 0.00, finishes, prints the report, and finds the
// reconciled entries locked — on a desk, then the same pages on a phone.
describe('browser journey: bank reconciliation', () => {
  let j: DemoJourney;
  let accountId = '';

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: { width: 1440, height: 900 }, downloads: true });
    const { bankAccounts } = await j.gql('{ bankAccounts { accountId account { number } } }');
    accountId = bankAccounts.find(
      (b: { account: { number: string } }) => b.account.number === '1010',
    ).accountId;
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
  const line = (page: Page, text: string) =>
    page.locator('[data-testid="bank-lines"] li.line', { hasText: text }).first();

  // The bank's own file: this month's statement again (as a bank's download would repeat it) with
  // the interest it paid yesterday, in OFX 1.02.
  async function bankFile(): Promise<string> {
    const { bankStatements, bankLines } = await j.gql(
      `query ($id: ID!) { bankStatements(accountId: $id) { periodStart periodEnd closingBalance }
                          bankLines(accountId: $id) { date amount description bankRef } }`,
      { id: accountId },
    );
    const current = bankStatements[0];
    const mine = bankLines.filter((l: { date: string }) => l.date >= current.periodStart);
    const cents = (s: string) => Math.round(Number(s) * 100);
    const closing = cents(current.closingBalance) + 87;
    const d = (s: string) => s.replaceAll('-', '');
    const trn = (date: string, amount: string, id: string, name: string) =>
      `<STMTTRN>\n<TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${d(date)}120000.000[-5:EST]\n<TRNAMT>${amount}\n<FITID>${id}\n<NAME>${name.slice(0, 32)}\n</STMTTRN>`;
    return [
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD',
      '<BANKACCTFROM><BANKID>053000196<ACCTID>000012344821<ACCTTYPE>CHECKING</BANKACCTFROM>',
      `<BANKTRANLIST><DTSTART>${d(current.periodStart)}<DTEND>${d(current.periodEnd)}`,
      ...mine.map((l: { date: string; amount: string; bankRef: string; description: string }) =>
        trn(l.date, l.amount, l.bankRef, l.description),
      ),
      trn(current.periodEnd, '0.87', 'INT-0087', 'INTEREST PAYMENT'),
      `</BANKTRANLIST><LEDGERBAL><BALAMT>${(closing / 100).toFixed(2)}<DTASOF>${d(current.periodEnd)}</LEDGERBAL>`,
      '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
  }

  it('imports, matches, posts by rule and by hand, reconciles to 0.00 and prints the report', async () => {
    const { page, shots, gql } = j;
    await page.click('a.nav-item[aria-label="Bank Accounts"]');
    await page.waitForURL(/\/banking$/);
    await page.locator('[data-testid="bank-accounts"] li').first().waitFor();
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-accounts-desk.png') });

    // The savings account becomes a bank account too: chosen from the chart, with its bank.
    await page.click('[data-testid="add-bank"]');
    await page.click('#bank-account-form .account-select');
    await page.keyboard.type('1020');
    await page.locator('.p-select-option', { hasText: '1020' }).first().click();
    await page.fill('#bank-institution', 'Ridge Credit Union');
    await page.fill('#bank-masked', '5512');
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-add-account-desk.png') });
    await page.click('[data-testid="save-bank-account"]');
    await toast(page, '1020 Operating Savings is a bank account');
    await page.locator('.bank-card', { hasText: 'Ridge Credit Union ••5512' }).click();
    // No statement yet: a paper statement is reconciled by hand from its date and balances.
    await page.locator('.empty-state', { hasText: 'No statement imported yet' }).waitFor();
    await page.click('.p-tab:has-text("Reconcile")');
    await page.fill('#reconcile-date', '11/30/2026');
    await page.press('#reconcile-date', 'Enter');
    await page.fill('#reconcile-closing', '60000');
    await page.fill('#reconcile-opening', '60000');
    await page.click('[data-testid="reconcile-period"]');
    await page.locator('[data-testid="worksheet"]').waitFor();
    expect(await page.textContent('[data-testid="closing-balance"]')).toBe('$60,000.00');
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-by-hand-desk.png') });
    await page.goto(`${j.app.url}/banking`);
    await page.locator('.bank-card', { hasText: 'Ridge Credit Union ••5512' }).waitFor();

    await page.locator('.bank-card', { hasText: '1010 Operating Checking' }).click();
    await page.waitForURL(/\/banking\/[0-9a-f-]+$/);
    await page.locator('[data-testid="bank-lines"]').waitFor();
    await page.screenshot({ path: join(shots, 'banking-lines-desk.png') });
    // The same lines, with their suggestions, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-lines-open-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The bank's file: the repeated lines are skipped, the interest is new.
    const file = join(shots, 'first-citizens.ofx');
    (await import('node:fs')).writeFileSync(file, await bankFile());
    await page.click('[data-testid="import-statement"]');
    await page.setInputFiles('#statement-file', file);
    const preview = page.locator('[data-testid="import-preview"]');
    await preview.waitFor();
    expect(await preview.locator('h3').textContent()).toMatch(
      /^\s*1 new line, \d+ already imported/,
    );
    await page.screenshot({ path: join(shots, 'banking-import-desk.png') });
    await page.click('[data-testid="confirm-import"]');
    await toast(page, '1 line imported');

    // A CSV download is mapped first; a row the mapping cannot read is named with its line.
    const csvFile = join(shots, 'first-citizens.csv');
    (await import('node:fs')).writeFileSync(
      csvFile,
      [
        'Posted Date,Description,Debit,Credit,Balance',
        '12/04/2026,MONTHLY MAINTENANCE FEE,28.40,,59006.21',
        '12/05/2026,INTEREST PAYMENT,,0.87,59007.08',
        '12/45/2026,ADJUSTMENT,5.00,,59002.08',
      ].join('\n'),
    );
    await page.click('[data-testid="import-statement"]');
    await page.setInputFiles('#statement-file', csvFile);
    await page.locator('[data-testid="csv-mapping"]').waitFor();
    const rowErrors = page.locator('[data-testid="import-errors"]');
    if (!(await rowErrors.isVisible())) await page.click('[data-testid="check-statement"]');
    await rowErrors.waitFor();
    expect(await rowErrors.textContent()).toContain('Row 4');
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-import-csv-desk.png') });
    await page.locator('.p-dialog button', { hasText: 'Cancel' }).click();
    await page.locator('[data-testid="import-statement-dialog"]').waitFor({ state: 'detached' });

    // What the books have: the suggestions that leave no doubt, then each remaining one by hand.
    await page.click('[data-testid="auto-match"]');
    await toast(page, 'Auto-match:');
    // (The list re-renders after each match: a button may be replaced between finding and
    // clicking it, so each click is tried briefly and the list read again.)
    for (let i = 0; i < 60; i++) {
      await page.waitForLoadState('networkidle');
      const accept = page.locator('[data-testid="accept-suggestion"]:visible');
      if (!(await accept.count())) break;
      await accept
        .first()
        .click({ timeout: 3000 })
        .catch(() => {});
    }
    expect(await page.locator('[data-testid="accept-suggestion"]:visible').count()).toBe(0);

    // The demo's rule posts the power company's autopay (previewed first).
    await page.click('.p-tab:has-text("Rules")');
    await page.locator('.rules li', { hasText: 'RIDGELINE POWER' }).waitFor();
    await page
      .locator('[data-testid="rule-preview"] li', {
        hasText: 'RIDGELINE POWER ACH DRAFT POOL METER',
      })
      .waitFor();
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-rules-desk.png') });
    await page.click('[data-testid="apply-rules"]');
    await toast(page, 'Rules applied');

    // The worksheet before the fee and the interest are posted: the difference is theirs.
    await page.click('.p-tab:has-text("Reconcile")');
    await page.locator('[data-testid="unrecorded-lines"]').waitFor();
    expect(await page.textContent('[data-testid="difference"]')).not.toBe('$0.00');
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-reconcile-open-desk.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({
      path: join(shots, 'banking-reconcile-open-phone.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The bank fee and the interest, posted from the lines with no book side.
    await page.click('.p-tab:has-text("Statement lines")');
    for (const [text, account] of [
      ['MONTHLY MAINTENANCE FEE', '5100'],
      ['INTEREST PAYMENT', '4200'],
    ]) {
      await line(page, text).locator('[data-testid="post-line"]').click();
      await page.click('#post-line-form .account-select');
      await page.keyboard.type(account);
      await page.locator('.p-select-option', { hasText: account }).first().click();
      if (account === '5100') {
        await settled(page);
        await page.screenshot({ path: join(shots, 'banking-post-desk.png') });
      }
      await page.click('button:has-text("Post and match")');
      await toast(page, 'Posted and matched');
    }

    await page.click('.p-tab:has-text("Reconcile")');
    const difference = page.locator('[data-testid="difference"]');
    await expect.poll(() => difference.textContent()).toBe('$0.00');
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-reconcile-desk.png') });
    await page.click('[data-testid="finish-reconciliation"]');
    await toast(page, 'Reconciled through');

    const { reconciliations } = await gql(
      `query ($id: ID!) { reconciliations(accountId: $id) { id status statementDate } }`,
      { id: accountId },
    );
    const [latest] = reconciliations;
    expect(latest.status).toBe('FINISHED');
    await page.locator(`a[href$="/banking/reconciliations/${latest.id}/report"]`).click();
    await page.locator('[data-testid="reconciliation-report"]').waitFor();
    expect(await page.textContent('[data-testid="report-difference"]')).toBe('$0.00');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'banking-report-desk.png'), fullPage: true });
    const pdf = join(shots, 'banking-report.pdf');
    await page.pdf({ path: pdf, format: 'Letter' });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      join(shots, 'banking-report-pdf'),
    ]);
    const download = page.waitForEvent('download');
    await page.click('[data-testid="report-csv"]');
    const csv = await (await download).path();
    const text = (await import('node:fs')).readFileSync(csv!, 'utf8');
    expect(text).toMatch(/^Bank reconciliation,Maple Ridge HOA/);
    expect(text).toContain('Difference,0.00');

    // The fee's entry is cleared by the reconciliation: the page says so and refuses to reverse it.
    const { bankLines } = await gql(
      `query ($id: ID!) { bankLines(accountId: $id) { description status matchId } }`,
      { id: accountId },
    );
    expect(bankLines.every((l: { status: string }) => l.status !== 'UNMATCHED' || false)).toBe(
      true,
    );
    const { journalEntries } = await gql(
      `{ journalEntries(first: 20, filter: { source: BANK }) { edges { node { id memo bankStatus } } } }`,
    );
    const fee = journalEntries.edges.find((e: { node: { memo: string } }) =>
      e.node.memo.includes('MAINTENANCE FEE'),
    ).node;
    expect(fee.bankStatus).toBe('RECONCILED');
    await page.goto(`${j.app.url}/transactions/${fee.id}`);
    await page.locator('[data-testid="bank-reconciled"]').waitFor();
    expect(await page.locator('[data-testid="reverse-locked"] button').isDisabled()).toBe(true);
    const reversed = await j.app.gql(
      'mutation ($id: ID!, $date: LocalDate!) { reverseJournalEntry(id: $id, date: $date) { id } }',
      { id: fee.id, date: latest.statementDate },
      j.token,
    );
    expect(reversed.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    j.errors.length = 0;

    // An admin undoes the reconciliation, saying why; it stays in the list, marked undone.
    await page.goto(`${j.app.url}/banking/${accountId}?tab=reconcile`);
    await page.click('[data-testid="undo-reconciliation"]');
    await page.fill('#undo-reason', 'The bank corrected the Dec 5 statement');
    await page.click('[data-testid="undo-confirm"]');
    await toast(page, 'undone');
    await page.locator('.history li', { hasText: 'The bank corrected' }).waitFor();
    const after = await gql(`query ($id: ID!) { reconciliations(accountId: $id) { id status } }`, {
      id: accountId,
    });
    expect(after.reconciliations[0]).toMatchObject({ id: latest.id, status: 'UNDONE' });
    // Its statement waits to be reconciled again.
    await expect.poll(() => difference.textContent()).toBe('$0.00');
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-undone-desk.png') });
  });

  it('reads on a phone: the accounts, the lines and the report', async () => {
    const { page, shots } = j;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${j.app.url}/banking`);
    await page.locator('[data-testid="bank-accounts"] li').first().waitFor();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'banking-accounts-phone.png') });
    await page.goto(`${j.app.url}/banking/${accountId}`);
    await page.click('.p-tab:has-text("Statement lines")');
    await page.locator('[data-testid="bank-lines"], .empty-state').first().waitFor();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'banking-lines-phone.png') });
    await page.click('.p-tab:has-text("Reconcile")');
    await page.locator('.history li').first().waitFor();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'banking-reconcile-phone.png'), fullPage: true });
    await page.click('.p-tab:has-text("Rules")');
    await page.locator('.rules li').first().waitFor();
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'banking-rules-phone.png'), fullPage: true });
    await page.click('.p-tab:has-text("Reconcile")');
    await page.locator('.history a', { hasText: 'Report' }).first().click();
    await page.locator('[data-testid="reconciliation-report"]').waitFor();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'banking-report-phone.png'), fullPage: true });
    await page.goto(`${j.app.url}/banking/deposits`);
    await page.locator('[data-testid="new-deposit"]').waitFor();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'banking-deposits-phone.png') });
  });
});
