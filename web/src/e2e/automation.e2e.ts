import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../api/src/core/dates.js';
import { EMAIL_JOB } from '../../../api/src/core/email/mailer.js';
import { openTenant } from '../../../api/src/core/tenancy/tenant-door.js';
import { JOB_QUEUE_SCHEMA } from '../../../api/src/db/job-queue-schema.js';
import { recordFailure } from '../../../api/src/platform/automation/automation.repository.js';
import { runScheduled } from '../../../api/src/platform/automation/automation.service.js';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// Maple Ridge's treasurer schedules what runs on its own (the demo runs its invoices on the 1st and
// late fees on its day): sets the days, saves, pauses and resumes, on a desk and on a phone, and
// reads what ran. Then the platform owner finds an email that failed every try and sends it again.
describe('browser journey: automation and email delivery', () => {
  let j: DemoJourney;
  let orgId: string;

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: { width: 1440, height: 900 } });
    const me = await j.gql('{ me { organization { id timeZone } } }');
    orgId = me.me.organization.id;
    // What the queue would have run: this month's late fees and today's reminders, for real, and
    // a run the books refused, as the service records one.
    const today = todayIn(me.me.organization.timeZone);
    const month = today.slice(0, 7);
    await runScheduled(j.app.services, { orgId, kind: 'late_fees', period: month, date: today });
    await runScheduled(j.app.services, { orgId, kind: 'reminders', period: today, date: today });
    const tenant = await openTenant(j.app.services, orgId);
    await recordFailure(
      tenant.em,
      'assessment_run',
      '2026-01',
      new Date(),
      'Jan 2026 is closed: reopen it to post into it',
    );
  });
  afterAll(() => j?.close());
  afterEach(() => expectQuietConsole(j.errors));

  async function choose(page: Page, field: string, option: string) {
    await page.click(`#automation-${field}`);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  const toast = (page: Page, text: string) =>
    page.locator('.p-toast-message', { hasText: text }).first().waitFor();
  // Toasts and menus done moving, for a screenshot of what a person sees.
  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );

  it('sets the days, saves, pauses and resumes; the activity reads on a phone', async () => {
    const { page, shots, gql } = j;
    await page.click('a.nav-item[aria-label="Automation"]');
    await page.waitForURL(/\/automation$/);
    const next = page.locator('[data-testid="automation-next-assessmentDay"]');
    await expect.poll(() => next.textContent()).toMatch(/Next run: \w{3} 1, \d{4}/);
    await page.locator('[data-testid="automation-runs"] tbody tr').first().waitFor();
    expect(await page.textContent('[data-testid="automation-zone"]')).toContain('America/');

    await choose(page, 'lateFeeDay', '20th of the month');
    await choose(page, 'reminderDays', '5 days before');
    await page.click('[data-testid="automation-save"]');
    await toast(page, 'Schedule saved');
    await expect
      .poll(() => page.textContent('[data-testid="automation-next-reminderDays"]'))
      .toMatch(/Next check: /);
    const saved = await gql('{ automation { paused assessmentDay lateFeeDay reminderDays } }');
    expect(saved.automation).toEqual({
      paused: false,
      assessmentDay: 1,
      lateFeeDay: 20,
      reminderDays: 5,
    });
    await expectFitsViewport(page);
    await settled(page);
    await page.screenshot({ path: join(shots, 'automation-desk.png') });
    const activity = page.locator('[data-testid="automation-activity"]');
    await activity.screenshot({ path: join(shots, 'automation-desk-activity.png') });

    await page.click('[data-testid="automation-pause"]');
    await toast(page, 'Automation paused');
    await page.locator('[data-testid="automation-paused"]').waitFor();
    expect((await gql('{ automation { paused } }')).automation.paused).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-testid="automation-runs"] tbody tr').first().waitFor();
    await expectFitsViewport(page);
    // The result column stays on screen; nothing scrolls sideways.
    const result = page.locator('[data-testid="automation-runs"] thead th', { hasText: 'Result' });
    const box = (await result.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(shots, 'automation-phone-paused.png') });
    await activity.screenshot({ path: join(shots, 'automation-phone-activity.png') });

    await page.click('[data-testid="automation-resume"]');
    await toast(page, 'Automation resumed');
    await expect
      .poll(async () => (await gql('{ automation { paused } }')).automation.paused)
      .toBe(false);
    await page.locator('h1').scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: join(shots, 'automation-phone.png') });
  });

  it('lists an email that failed every try for the platform owner, who sends it again', async () => {
    const { app, browser, shots, errors } = j;
    // A dead letter as the outbox leaves one: its job failed with the mail server's last answer.
    const message = {
      to: 'dana.whitfield@example.com',
      subject: 'Maple Ridge HOA: $425.00 due soon for unit 104',
      template: 'due-reminder',
      body: 'This is a reminder from Maple Ridge HOA.',
    };
    const id = await app.services.jobs.send(
      EMAIL_JOB,
      {
        to: message.to,
        subject: message.subject,
        template: message.template,
        sealed: app.services.secrets.seal(JSON.stringify(message), 'email-outbox'),
      },
      { startAfterSeconds: 3600 },
    );
    await app.services.jobs.boss.getDb().executeSql(
      `UPDATE ${JOB_QUEUE_SCHEMA}.job SET state = 'failed', retry_count = 5, completed_on = now(),
              output = $2::jsonb WHERE id = $1::uuid`,
      [id, JSON.stringify({ message: '550 5.1.1 Mailbox unavailable: user unknown' })],
    );

    const owner = app.demo!.find((d) => d.role.startsWith('Platform owner'))!;
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    watchConsole(page, errors);
    page.on('response', (r) => recordFailedResponse(r, errors));
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', owner.email);
    await page.fill('#login-password', owner.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/admin$/);
    await page.click('a.nav-item[aria-label="Email delivery"]');
    await page.waitForURL(/\/admin\/email-delivery$/);
    const row = page.locator('[data-testid="failed-emails-table"] tbody tr', {
      hasText: message.to,
    });
    await row.waitFor();
    expect(await row.textContent()).toContain('550 5.1.1 Mailbox unavailable');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'email-delivery-desk.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'email-delivery-phone.png') });

    await row.locator('[data-testid="retry-email"]').click();
    await toast(page, `Email to ${message.to} is on its way again`);
    await row.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: join(shots, 'email-delivery-empty.png') });
    await ctx.close();
  });
});
