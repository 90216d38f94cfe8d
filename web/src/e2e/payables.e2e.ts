import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// A bill's whole way through Maple Ridge's payables: the treasurer enters GreenScape's bill from a
// photo of it, the president approves it at a desk and the vice president on a phone (two
// approvals above $2,500), the treasurer pays it in a payment run and prints the check, the bank's
// file shows the check cleared and the reconciliation matches it by number; the payables aging,
// the check register and the 1099 year show it, Accounts Payable equals the open bills, and
// hledger reads the same balance from the books' export.
describe('browser journey: a bill from photo to cleared check', () => {
  let j: DemoJourney;
  const others: Browser[] = [];
  let billId = '';
  let billNumber = 0;
  let checkNumber = '';
  let today = ''; // YYYY-MM-DD in the association's calendar
  const AMOUNT = '4,275.00';

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    for (const b of others) await b.close();
    await j?.close();
  });
  afterEach(() => expectQuietConsole(j.errors));

  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
  const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const pick = async (page: Page, id: string, text: RegExp | string) => {
    await page.click(id);
    await page.locator('[role="option"]:visible').filter({ hasText: text }).first().click();
  };

  // A board member signs in on their own browser (a desk or a phone).
  async function boardMember(role: string, viewport: { width: number; height: number }) {
    const who = j.app.demo!.find(
      (d) => d.role === `Board member (${role})` && d.organization === 'Maple Ridge HOA',
    )!;
    const browser = await (await import('./browser.js')).launchBrowser();
    others.push(browser);
    const page = await browser.newPage({ viewport });
    watchConsole(page, j.errors);
    page.on('response', (r) => recordFailedResponse(r, j.errors));
    await page.goto(`${j.app.url}/login`);
    await page.fill('#login-email', who.email);
    await page.fill('#login-password', who.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
    return page;
  }

  it('enters a bill from a photo of the invoice', async () => {
    const { page, app, shots } = j;
    // The photo: GreenScape's paper invoice, as a phone's camera takes it.
    const paper = await j.browser.newPage();
    await paper.setViewportSize({ width: 600, height: 800 });
    await paper.setContent(`<body style="font:16px serif;padding:40px;background:#fbf8f1">
      <h2>GreenScape Landscaping LLC</h2><p>Invoice GS-8102</p>
      <p>Fall cleanup, aeration and overseeding — common areas</p>
      <p style="font-size:22px"><b>Amount due: $${AMOUNT}</b></p></body>`);
    const photo = await paper.screenshot({ type: 'jpeg', quality: 80 });
    await paper.close();

    await page.goto(`${app.url}/bills/new`);
    await pick(page, '#bill-vendor', 'GreenScape');
    await page.fill('#bill-invoice-number', 'GS-8102');
    // The bill date starts at the association's today ("Dec 6, 2026").
    const shown = new Date(`${await page.inputValue('#bill-date')} 12:00`);
    today = [
      shown.getFullYear(),
      String(shown.getMonth() + 1).padStart(2, '0'),
      String(shown.getDate()).padStart(2, '0'),
    ].join('-');
    await page.click('#bill-due');
    await page.fill('#bill-due', typed(today));
    await page.keyboard.press('Tab');
    await pick(page, '#bill-line-0-account', /5010/);
    await page.fill('#bill-line-0-memo', 'Fall cleanup, aeration and overseeding');
    await page.fill('#bill-line-0-amount', '4275');
    await page.locator('#bill-line-0-amount').blur();
    await page.setInputFiles('#bill-file', {
      name: 'greenscape-gs-8102.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.locator('[data-testid="bill-invoice-preview"]').waitFor();
    await expect.poll(() => page.textContent('[data-testid="bill-form-total"]')).toContain(AMOUNT);
    await expect
      .poll(() => page.textContent('[data-testid="bill-needs-approval"]'))
      .toMatch(/approv/i);
    await settled(page);
    await page.screenshot({ path: join(shots, 'payables-bill-new.png'), fullPage: true });
    await page.click('[data-testid="save-bill"]');
    await page.waitForURL(/\/bills\/[0-9a-f-]{36}$/);
    billId = page.url().split('/').pop()!;
    const { bill } = await j.gql(
      `query ($id: ID!) { bill(id: $id) { number approval approvalsRequired total journalEntryId } }`,
      { id: billId },
    );
    billNumber = bill.number;
    expect(bill).toMatchObject({ approval: 'PENDING', approvalsRequired: 2, total: '4275.00' });
    // The photo is kept with the bill's entry.
    await expect
      .poll(async () => {
        const { journalEntry } = await j.gql(
          `query ($id: ID!) { journalEntry(id: $id) { attachments { filename } } }`,
          { id: bill.journalEntryId },
        );
        return journalEntry.attachments.map((a: { filename: string }) => a.filename);
      })
      .toEqual(['greenscape-gs-8102.jpg']);
    await settled(page);
    await page.screenshot({ path: join(shots, 'payables-bill-page.png'), fullPage: true });
  });

  it('is approved by the president at a desk and the vice president on a phone', async () => {
    const desk = await boardMember('President', { width: 1440, height: 900 });
    await desk.goto(`${j.app.url}/approvals`);
    const card = desk.locator('[data-testid="approval-card"]', { hasText: 'GS-8102' });
    await card.waitFor();
    await card.locator('[data-testid="bill-decision-comment"]').fill('Contracted fall work.');
    await card.locator('[data-testid="approve-bill"]').click();
    await expect.poll(() => card.count()).toBe(0);

    const phone = await boardMember('Vice president', { width: 390, height: 844 });
    await phone.goto(`${j.app.url}/approvals`);
    const mine = phone.locator('[data-testid="approval-card"]', { hasText: 'GS-8102' });
    await mine.waitFor();
    await settled(phone);
    await expectFitsViewport(phone);
    await phone.screenshot({ path: join(j.shots, 'payables-approve-phone.png'), fullPage: true });
    await mine.locator('[data-testid="approve-bill"]').click();
    await expect.poll(() => mine.count()).toBe(0);

    const { bill } = await j.gql(
      `query ($id: ID!) { bill(id: $id) { approval payable approvals { title decision ip } } }`,
      { id: billId },
    );
    expect(bill.approval).toBe('APPROVED');
    expect(bill.payable).toBe(true);
    expect(bill.approvals.map((a: { title: string }) => a.title).sort()).toEqual([
      'PRESIDENT',
      'VICE_PRESIDENT',
    ]);
  });

  it('pays it in a payment run and prints the check', async () => {
    const { page, app, shots } = j;
    await page.goto(`${app.url}/payment-runs/new`);
    // The bank account: the operating checking account (chosen already when it is the only one).
    const bank = page.locator('[data-testid="pay-bank"]');
    if (!/1010/.test((await bank.textContent()) ?? '')) {
      await bank.click();
      await page.locator('[role="option"]:visible').filter({ hasText: /1010/ }).first().click();
    }
    const row = page.locator(`[data-testid="pay-bill-${billNumber}"]`);
    await row.waitFor();
    // Only this bill: the week's others wait for another run.
    if (await page.locator('[data-testid="pay-all"] input').isChecked()) {
      await page.locator('[data-testid="pay-all"]').click();
    }
    await row.locator('[data-testid="pay-bill-check"]').click();
    await expect.poll(() => page.textContent('[data-testid="pay-total"]')).toContain(AMOUNT);
    await settled(page);
    await page.screenshot({ path: join(shots, 'payables-run-new.png'), fullPage: true });
    await page.click('[data-testid="pay-run-submit"]');
    await page.waitForURL(/\/payment-runs\/[0-9a-f-]{36}$/);
    checkNumber = (await page.textContent('[data-testid="payment-number"]'))!.replace(/\D/g, '');
    expect(Number(checkNumber)).toBeGreaterThan(2041);

    await page.click('[data-testid="print-checks"]');
    const download = page.locator('[data-testid="checks-download"]');
    await download.waitFor({ timeout: 60_000 });
    const runId = page.url().split('/').pop()!;
    const { paymentRun } = await j.gql(
      `query ($id: ID!) { paymentRun(id: $id) { checks { status url } } }`,
      { id: runId },
    );
    expect(paymentRun.checks.status).toBe('READY');
    const pdf = Buffer.from(
      await (await fetch(new URL(paymentRun.checks.url, app.url))).arrayBuffer(),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(shots, 'payables-check.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('GreenScape Landscaping LLC');
    expect(text).toMatch(/Four thousand two hundred seventy-five and 00\/100/i);
    expect(text).toContain(checkNumber);
    expect(text).toContain('GS-8102');
    // The first page as an image, to look at: check on top, two stubs.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(shots, 'payables-check'),
    ]);
    await settled(page);
    await page.screenshot({ path: join(shots, 'payables-run.png'), fullPage: true });
  });

  it('clears when the bank shows the check, and the reports show it', async () => {
    const { page, app, shots } = j;
    const { bankAccounts } = await j.gql('{ bankAccounts { accountId account { number } } }');
    const checking = bankAccounts.find(
      (b: { account: { number: string } }) => b.account.number === '1010',
    ).accountId;
    const d = today.replace(/-/g, '');
    const file = join(shots, 'payables-cleared.ofx');
    writeFileSync(
      file,
      `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>011000015<ACCTID>4410274821<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${d}<DTEND>${d}
<STMTTRN><TRNTYPE>CHECK<DTPOSTED>${d}<TRNAMT>-4275.00<FITID>CHK${checkNumber}<CHECKNUM>${checkNumber}<NAME>CHECK ${checkNumber}</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>${d}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
    );
    await page.goto(`${app.url}/banking/${checking}`);
    await page.click('[data-testid="import-statement"]');
    await page.setInputFiles('#statement-file', file);
    await page.locator('[data-testid="import-preview"]').waitFor();
    await page.click('[data-testid="confirm-import"]');
    await page.locator('.p-toast-message', { hasText: '1 line imported' }).first().waitFor();
    await page.click('[data-testid="auto-match"]');
    await page.locator('.p-toast-message', { hasText: 'Auto-match' }).first().waitFor();
    await expect
      .poll(async () => {
        const { billPayments } = await j.gql(
          `{ billPayments(first: 5) { edges { node { checkNumber cleared } } } }`,
        );
        return billPayments.edges.find(
          (e: { node: { checkNumber: string } }) => e.node.checkNumber === checkNumber,
        )?.node.cleared;
      })
      .toBe(true);

    await page.goto(`${app.url}/payables/check-register`);
    const register = page.locator('[data-testid="check-register-table"]');
    await expect.poll(() => register.textContent()).toContain(checkNumber);
    const line = register.locator('tr', { hasText: checkNumber });
    expect(await line.textContent()).toMatch(/GreenScape/);
    expect(await line.textContent()).toMatch(/Cleared/i);
    await settled(page);
    await page.screenshot({ path: join(shots, 'payables-check-register.png'), fullPage: true });

    await page.goto(`${app.url}/payables/aging`);
    await expect.poll(() => page.textContent('[data-testid="ap-aging-ties"]')).toMatch(/ties/i);
    await page.screenshot({ path: join(shots, 'payables-aging.png'), fullPage: true });

    await page.goto(`${app.url}/payables/1099`);
    const table = page.locator('[data-testid="tax-1099-table"]');
    await expect.poll(() => table.textContent()).toContain('GreenScape');
    await page.screenshot({ path: join(shots, 'payables-1099.png'), fullPage: true });
    const year = Number(today.slice(0, 4));
    const { tax1099Year } = await j.gql(
      `query ($y: Int!) { tax1099Year(year: $y) { rows { vendor { name } reportable } } }`,
      { y: year },
    );
    const greenscape = tax1099Year.rows.find((r: { vendor: { name: string } }) =>
      r.vendor.name.startsWith('GreenScape'),
    );
    expect(Number(greenscape.reportable)).toBeGreaterThanOrEqual(4275);
  });

  it('keeps Accounts Payable equal to the open bills, as hledger reads the books', async () => {
    const { payablesAging, payablesSettings } = await j.gql(
      `query ($d: LocalDate) { payablesAging(asOf: $d) { ties controlBalance totals { total } }
        payablesSettings { payableAccount { number } } }`,
      { d: today },
    );
    expect(payablesAging.ties).toBe(true);
    expect(payablesAging.controlBalance).toBe(payablesAging.totals.total);
    const { booksExport } = await j.gql(
      `query ($f: LocalDate!, $t: LocalDate!) {
        booksExport(format: JOURNAL, from: $f, to: $t) { url } }`,
      { f: `${Number(today.slice(0, 4)) - 2}-01-01`, t: today },
    );
    const journal = await (await fetch(new URL(booksExport.url, j.app.url))).text();
    const file = join(j.shots, 'payables-books.journal');
    writeFileSync(file, journal);
    const number = payablesSettings.payableAccount.number;
    const theirs = execFileSync(
      'hledger',
      ['-f', file, 'balance', '--no-total', '-O', 'csv', `:${number} `],
      { encoding: 'utf8' },
    );
    // A liability's balance is negative in hledger (credits); ours is the amount owed.
    const owed = Number(payablesAging.controlBalance).toFixed(2);
    expect(theirs).toContain(`"-${owed} USD"`);
  });
});
