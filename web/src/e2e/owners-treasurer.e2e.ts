import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../../api/src/core/documents/pdf.js';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
} from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// Maple Ridge's treasurer opens the owner portal to owners: invites the owner of a unit from its
// page (and removes one invited by mistake), invites the owners of other units from the units CSV
// after checking the file, writes the contact details owners see, and shows owners the minutes
// and a board packet — on a desk and on a phone.
describe('browser journey: the treasurer invites owners and publishes to them', () => {
  let j: DemoJourney;
  let units: { id: string; number: string }[];
  const DESK = { width: 1440, height: 900 };
  const PHONE = { width: 390, height: 844 };

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: DESK });
    const d = await j.gql('{ units(first: 6) { edges { node { id number } } } }');
    units = d.units.edges.map((e: any) => e.node);
  });
  afterAll(() => j?.close());
  afterEach(() => expectQuietConsole(j.errors));

  const toast = (page: Page, text: string) =>
    page.locator('.p-toast-message', { hasText: text }).first().waitFor();
  // Toasts and dialogs done moving, for a screenshot of what a person sees.
  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
  const shot = async (page: Page, name: string) => {
    await settled(page);
    await page.screenshot({ path: join(j.shots, `owners-${name}.png`), fullPage: true });
  };

  it("invites an owner from a unit's page, and removes one invited by mistake", async () => {
    const { page } = j;
    const [unit] = units;
    await page.goto(`${j.app.url}/units/${unit!.id}`);
    await page.click('[data-testid="unit-owners-tab"]');
    await page.locator('[data-testid="unit-owners"]').waitFor();
    for (const email of ['rivera.family@example.com', 'typo@example.com']) {
      await page.click('[data-testid="invite-owner"]');
      await page.fill('#invite-owner-email', email);
      await page.click('[data-testid="invite-owner-submit"]');
      await toast(page, email);
      await page.locator(`[data-testid="unit-owner-${email}"]`).waitFor();
    }
    // The association's treasurer cannot also be an owner here: said under the field.
    const me = await j.gql('{ me { user { email } } }');
    await page.click('[data-testid="invite-owner"]');
    await page.fill('#invite-owner-email', me.me.user.email);
    await page.click('[data-testid="invite-owner-submit"]');
    await page
      .locator('#invite-owner-email-error', { hasText: 'staff cannot also be owners' })
      .waitFor();
    await shot(page, 'invite-refused-desk');
    await page.fill('#invite-owner-email', '');
    await page.keyboard.press('Escape');
    await page.locator('#invite-owner-email').waitFor({ state: 'detached' });

    await page.click('[data-testid="remove-owner-typo@example.com"]');
    await page.click('[data-testid="confirm-remove-owner"]');
    await toast(page, 'typo@example.com removed');
    await page
      .locator('[data-testid="unit-owner-typo@example.com"]')
      .waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="unit-owner-rivera.family@example.com"]');
    expect(await row.locator('[data-testid="owner-status"]').textContent()).toContain('Invited');
    await shot(page, 'unit-desk');
    const owners = await j.gql('query ($u: ID!) { unitOwners(unitId: $u) { email status } }', {
      u: unit!.id,
    });
    expect(owners.unitOwners).toEqual([{ email: 'rivera.family@example.com', status: 'INVITED' }]);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.click('[data-testid="unit-owners-tab"]');
    await row.waitFor();
    await expectFitsViewport(page);
    await shot(page, 'unit-phone');
    await page.setViewportSize(DESK);
  });

  it('invites the owners of other units from the units CSV, after a check of the file', async () => {
    const { page } = j;
    const [, b, c, d] = units;
    const csv = [
      'unit_number,owner_name,email',
      `${b!.number},The Chens,"mei.chen@example.com; li.chen@example.com"`,
      `${c!.number},Pat Okafor,pat.okafor@example.com`,
      `${d!.number},Nobody yet,`,
    ].join('\n');
    await page.goto(`${j.app.url}/units`);
    await page.click('[data-testid="invite-owners"]');
    await page.setInputFiles('#owners-file', {
      name: 'owners.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.click('[data-testid="owners-check"]');
    const summary = page.locator('[data-testid="owners-preview-summary"]');
    await summary.waitFor();
    expect((await summary.textContent())!.replace(/\s+/g, ' ')).toContain(
      '3 owners to invite · 1 row skipped',
    );
    await shot(page, 'csv-preview-desk');
    // Nothing was sent by the check.
    const before = await j.gql('query ($u: ID!) { unitOwners(unitId: $u) { email } }', {
      u: b!.id,
    });
    expect(before.unitOwners).toEqual([]);

    await page.setViewportSize(PHONE);
    await settled(page);
    await shot(page, 'csv-preview-phone');
    await page.setViewportSize(DESK);

    await page.click('[data-testid="owners-send"]');
    await toast(page, '3 owners invited');
    const after = await j.gql('query ($u: ID!) { unitOwners(unitId: $u) { email status } }', {
      u: b!.id,
    });
    expect(after.unitOwners.map((o: any) => o.email).sort()).toEqual([
      'li.chen@example.com',
      'mei.chen@example.com',
    ]);
    await shot(page, 'units-desk');
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('[data-testid="units-table"]').waitFor();
    await expectFitsViewport(page);
    await shot(page, 'units-phone');
    await page.setViewportSize(DESK);
  });

  it('writes the contact details owners see, in Settings', async () => {
    const { page } = j;
    await page.goto(`${j.app.url}/settings`);
    await page.locator('[data-testid="owner-portal-settings"] form').waitFor();
    await page.fill('[data-testid="portal-contactName"]', 'Dana Whitfield, treasurer');
    await page.fill('[data-testid="portal-contactEmail"]', 'board@mapleridge.example');
    await page.fill('[data-testid="portal-contactPhone"]', '(555) 014-2200');
    await page.fill('[data-testid="portal-mailingAddress"]', 'PO Box 412\nSpringfield, IL 62701');
    await page.fill(
      '[data-testid="portal-paymentInstructions"]',
      'Checks payable to Maple Ridge HOA, mailed to PO Box 412. Write your unit number on the memo line.',
    );
    await page.click('[data-testid="owner-portal-settings-save"]');
    await toast(page, 'Owner portal details saved');
    const s = await j.gql('{ ownerPortalSettings { contactName contactPhone mailingAddress } }');
    expect(s.ownerPortalSettings).toEqual({
      contactName: 'Dana Whitfield, treasurer',
      contactPhone: '(555) 014-2200',
      mailingAddress: 'PO Box 412\nSpringfield, IL 62701',
    });
    await page.locator('[data-testid="owner-portal-settings"]').scrollIntoViewIfNeeded();
    await shot(page, 'settings-desk');
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('[data-testid="owner-portal-settings"] form').waitFor();
    await expectFitsViewport(page);
    await page.locator('[data-testid="owner-portal-settings"]').scrollIntoViewIfNeeded();
    await shot(page, 'settings-phone');
    await page.setViewportSize(DESK);
  });

  it('publishes the minutes and a board packet to owners, and takes one back', async () => {
    const { page } = j;
    const minutes = await renderPdf(
      { text: 'Minutes of the March board meeting' },
      { association: 'Maple Ridge HOA', title: 'Minutes', period: '2026-03-01', draft: false },
    );
    await page.goto(`${j.app.url}/documents`);
    await page.locator('[data-testid="published-documents"]').waitFor();
    await page.click('[data-testid="publish-file"]');
    await page.setInputFiles('#publish-file', {
      name: 'board-minutes-2026-03.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(minutes),
    });
    await page.fill('[data-testid="publish-title"]', 'Special meeting minutes · March 2026');
    await page.click('[data-testid="publish-submit"]');
    await toast(page, 'Special meeting minutes · March 2026 is shown to owners');
    await page
      .locator('[data-testid="published-doc"]', { hasText: 'Special meeting minutes' })
      .waitFor();

    // A board packet the demo generated, if one is ready: shown from its row.
    const docs = await j.gql('{ documents(first: 20) { edges { node { id status } } } }');
    const ready = docs.documents.edges
      .map((e: any) => e.node)
      .find((n: any) => n.status === 'READY');
    if (ready) {
      await page.click(`[data-testid="publish-${ready.id}"]`);
      await page.click('[data-testid="publish-submit"]');
      await toast(page, 'is shown to owners');
      await page.locator('[data-testid="shown-to-owners"]').first().waitFor();
    }
    await shot(page, 'documents-desk');

    const listed = await j.gql('{ publishedDocuments { title downloadUrl } }');
    const mine = listed.publishedDocuments.find((p: any) => p.title.startsWith('Special meeting'));
    const file = await fetch(`${j.app.url}${mine.downloadUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(minutes))).toBe(true);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('[data-testid="published-doc"]').first().waitFor();
    await expectFitsViewport(page);
    await shot(page, 'documents-phone');
    await page.locator('[data-testid="published-documents"]').scrollIntoViewIfNeeded();
    await shot(page, 'published-phone');
    await page.setViewportSize(DESK);

    const item = page.locator('[data-testid="published-doc"]', {
      hasText: 'Special meeting minutes',
    });
    await item.locator('[data-testid="unpublish"]').click();
    await page.click('[data-testid="confirm-unpublish"]');
    await toast(page, 'no longer shown to owners');
    await item.waitFor({ state: 'detached' });
  });
});
