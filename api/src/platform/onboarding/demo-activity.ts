import type { EntityManager } from '@mikro-orm/postgresql';
import { now } from '../../core/dates.js';
import { newIds } from '../../core/ids.js';
import { newApiToken } from '../../core/auth/api-tokens.js';
import { insertToken } from '../api-tokens/index.js';
import { insertIdea, updateIdeaNote, updateIdeaStatus, IdeaStatus } from '../ideas/index.js';
import { DemoRandom } from './demo-random.js';

// The demo's sign-in history, so the admin dashboard (active users, sign-ins per day) and tenant
// health (activity) show figures on a first start: each demo treasurer signed in on most weekdays
// of the last 60 days (once, sometimes twice), now and then mistyping the password first; the
// platform owner on some days. Rows are written as the sign-in service writes them
// (login_history), from a seeded generator, with documentation addresses (203.0.113.0/24).

const AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];
const DAYS = 60;

export interface DemoSignIn {
  userId: string;
  email: string;
  organizationId: string | null;
  // How likely a sign-in on a weekday.
  weekday: number;
  seed: number;
}

export async function seedDemoSignIns(em: EntityManager, people: DemoSignIn[]): Promise<number> {
  const today = now();
  let count = 0;
  for (const p of people) {
    const rng = new DemoRandom(p.seed);
    const ip = `203.0.113.${rng.int(10, 250)}`;
    const agent = rng.pick(AGENTS);
    for (let d = DAYS; d >= 1; d--) {
      const day = new Date(today.getTime() - d * 86_400_000);
      const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
      if (!rng.chance(weekend ? p.weekday / 5 : p.weekday)) continue;
      const times = rng.chance(0.25) ? 2 : 1;
      for (let k = 0; k < times; k++) {
        const at = new Date(day);
        at.setUTCHours(rng.int(12, 23), rng.int(0, 59), rng.int(0, 59), 0);
        const row = (success: boolean, failureReason: string | null, when: Date) =>
          em.getConnection().execute(
            `INSERT INTO login_history (user_id, email, organization_id, ip, user_agent, method,
                                        success, failure_reason, created_at)
             VALUES (?, ?, ?, ?, ?, 'password', ?, ?, ?)`,
            [p.userId, p.email, p.organizationId, ip, agent, success, failureReason, when],
            'run',
          );
        if (rng.chance(0.05)) {
          await row(false, 'wrong password', new Date(at.getTime() - 40_000));
          count++;
        }
        await row(true, null, at);
        count++;
      }
    }
  }
  return count;
}

// Ideas from the demo associations for the admin's Idea Submissions page (and Maple Ridge's Ideas
// page: its ideation flag is on), in every status, a few with the admin's private note.
const IDEAS: {
  org: number;
  title: string;
  description: string;
  status: IdeaStatus;
  note?: string;
  daysAgo: number;
}[] = [
  {
    org: 0,
    title: 'Text owners when their dues are late',
    description:
      'Many owners never open the late-notice emails. An SMS on the 5th and the 20th would catch most of them before the late fee.',
    status: IdeaStatus.PLANNED,
    note: 'Sprint 48: needs an SMS provider behind the mailer interface.',
    daysAgo: 41,
  },
  {
    org: 0,
    title: 'Attach the bank statement to a monthly actuals month',
    description:
      'Our auditor asks for the statement behind each month. Attaching the PDF where we enter the actuals would keep them together.',
    status: IdeaStatus.IN_PROGRESS,
    note: 'Reuses journal attachments; design review done.',
    daysAgo: 33,
  },
  {
    org: 0,
    title: 'A board packet PDF',
    description:
      'Balance sheet, budget vs actual, aging and the reserve summary in one PDF for the monthly board meeting.',
    status: IdeaStatus.UNDER_REVIEW,
    daysAgo: 12,
  },
  {
    org: 0,
    title: 'Owner portal to pay online',
    description: 'Owners ask for a page where they can see their balance and pay by card or ACH.',
    status: IdeaStatus.SUBMITTED,
    daysAgo: 3,
  },
  {
    org: 1,
    title: 'Split the elevator assessment by unit size',
    description:
      'Our special assessments are by percentage interest; entering them unit by unit takes an afternoon.',
    status: IdeaStatus.DONE,
    note: 'Rates by property type cover it; told the treasurer.',
    daysAgo: 58,
  },
  {
    org: 1,
    title: 'Dark mode',
    description: 'Easier on the eyes in evening board meetings.',
    status: IdeaStatus.DECLINED,
    note: 'Not this year: contrast work first.',
    daysAgo: 25,
  },
];

export async function seedDemoIdeas(
  em: EntityManager,
  orgs: { organizationId: string; userId: string }[],
  adminId: string,
): Promise<void> {
  for (const idea of IDEAS) {
    const org = orgs[idea.org];
    if (!org) continue;
    const id = newIds(1)[0];
    await insertIdea(em, {
      id,
      organizationId: org.organizationId,
      submittedBy: org.userId,
      title: idea.title,
      description: idea.description,
    });
    if (idea.status !== IdeaStatus.SUBMITTED) {
      await updateIdeaStatus(em, id, IdeaStatus.SUBMITTED, idea.status, adminId);
    }
    if (idea.note) await updateIdeaNote(em, id, idea.note);
    const at = new Date(now().getTime() - idea.daysAgo * 86_400_000);
    await em
      .getConnection()
      .execute(`UPDATE ideas SET created_at = ?, updated_at = ? WHERE id = ?`, [at, at, id], 'run');
  }
}

// Maple Ridge's treasurer runs a monthly board-pack spreadsheet on a read-only API token, and once
// revoked an older script's: the Security page shows both. The token texts are made and thrown
// away (only their hashes are stored), so nobody can use them.
export async function seedDemoApiTokens(
  em: EntityManager,
  owner: { userId: string; organizationId: string },
): Promise<void> {
  const tokens = [
    { name: 'Board pack spreadsheet', days: 90, usedDaysAgo: 2, revoked: false },
    { name: 'Old reporting script', days: 300, usedDaysAgo: 41, revoked: true },
  ];
  for (const t of tokens) {
    const { hash, prefix } = newApiToken();
    const id = await insertToken(em, {
      userId: owner.userId,
      organizationId: owner.organizationId,
      name: t.name,
      access: 'read-only',
      tokenHash: hash,
      prefix,
      expiresInDays: t.days,
    });
    await em.getConnection().execute(
      `UPDATE api_tokens
          SET created_at = now() - make_interval(days => ?),
              last_used_at = now() - make_interval(days => ?), last_used_ip = '203.0.113.24',
              revoked_at = CASE WHEN ? THEN now() - make_interval(days => ?) END
        WHERE id = ?`,
      [t.usedDaysAgo + 20, t.usedDaysAgo, t.revoked, t.usedDaysAgo - 1, id],
      'run',
    );
  }
}

// One impersonation of Maple Ridge's treasurer by the platform owner, with the reason the owner
// gave, as impersonateUser writes it (the audit trail and the treasurer's sign-in history): the
// admin panel's user page shows who acted as them, when and why.
export async function seedDemoImpersonation(
  em: EntityManager,
  p: { adminId: string; userId: string; email: string; organizationId: string },
): Promise<void> {
  const at = new Date(now().getTime() - 9 * 86_400_000 + 3 * 3_600_000);
  const reason = 'Treasurer asked for help: two March deposits do not match the bank statement';
  await em.getConnection().execute(
    `INSERT INTO login_history (user_id, email, organization_id, ip, user_agent, method, success,
                                impersonated_by, reason, created_at)
     VALUES (?, ?, ?, '203.0.113.7', ?, 'impersonation', true, ?, ?, ?)`,
    [p.userId, p.email, p.organizationId, AGENTS[0], p.adminId, reason, at],
    'run',
  );
  await em.getConnection().execute(
    `INSERT INTO audit_log (actor_user_id, organization_id, action, entity_type, entity_id,
                            details, created_at)
     VALUES (?, ?, 'impersonation.start', 'User', ?, ?, ?)`,
    [p.adminId, p.organizationId, p.userId, JSON.stringify({ reason }), at],
    'run',
  );
}
