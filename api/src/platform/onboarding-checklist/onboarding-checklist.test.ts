import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalYearOf, todayIn } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type GqlResponse, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';
import type { User } from '../users/users.entity.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */

const CHECKLIST = `{
  onboardingChecklist {
    steps { key title description personal done completedAt }
    completedCount totalCount complete dismissed visible
  }
}`;
const UPDATE = `mutation ($dismissed: Boolean!) {
  updateOnboardingChecklist(input: { dismissed: $dismissed }) {
    completedCount dismissed visible
  }
}`;
const KEYS = [
  'BANK_ACCOUNTS',
  'ASSESSMENT_GROUP',
  'UNITS',
  'BUDGET',
  'INVITE_MEMBER',
  'MFA',
  'FIRST_ENTRY',
];

const code = (res: GqlResponse) => res.body.errors?.[0]?.extensions?.code;

// Codes computed here and checked by the server a moment later must fall in the same step.
async function midStep() {
  const into = Math.floor(Date.now() / 1000) % 30;
  if (into > 26) await new Promise((r) => setTimeout(r, (30 - into + 1) * 1000));
}

describe('onboarding checklist', () => {
  let app: TestApp;
  let org: Organization;
  let treasurer: User; // the association's only member at first
  let token: string;

  async function ok(query: string, variables: Record<string, unknown> = {}, access = token) {
    const res = await app.gql(query, variables, access);
    expect(res.body.errors, query).toBeUndefined();
    return res.body.data as any;
  }
  const checklist = async (access = token) => (await ok(CHECKLIST, {}, access)).onboardingChecklist;
  const doneKeys = async (access = token) =>
    (await checklist(access)).steps.filter((s: any) => s.done).map((s: any) => s.key);
  const step = async (key: string, access = token) =>
    (await checklist(access)).steps.find((s: any) => s.key === key);

  // A fresh association with one admin, so that no step is done by the way it was made.
  async function freshOrg() {
    const o = await createOrg(app.services);
    const u = await createUser(app.services, { memberships: [{ org: o, role: Role.ADMIN }] });
    return { org: o, user: u, token: tokenFor(app.services, u, o) };
  }

  async function account(number: string, type: string, extra: Record<string, unknown> = {}) {
    const d = await ok(
      `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }`,
      { input: { number, name: `Account ${number}`, type, fundType: 'OPERATING', ...extra } },
    );
    return d.createAccount.id as string;
  }

  async function turnOnMfa(access: string) {
    const begin = await ok(`mutation { beginMfaSetup { secret } }`, {}, access);
    await midStep();
    const c = generateSync({ secret: begin.beginMfaSetup.secret });
    await ok(`mutation ($c: String!) { confirmMfaSetup(code: $c) { codes } }`, { c }, access);
  }

  beforeAll(async () => {
    app = await startTestApp();
    ({ org, user: treasurer, token } = await freshOrg());
  });
  afterAll(() => app.close());

  it('starts a fresh association at 0 of 7, in order, shown on the dashboard', async () => {
    const c = await checklist();
    expect(c.steps.map((s: any) => s.key)).toEqual(KEYS);
    expect(c).toMatchObject({
      completedCount: 0,
      totalCount: 7,
      complete: false,
      dismissed: false,
      visible: true,
    });
    expect(c.steps.every((s: any) => !s.done && s.completedAt === null)).toBe(true);
    expect(c.steps.filter((s: any) => s.personal).map((s: any) => s.key)).toEqual(['MFA']);
    expect(c.steps[0].title).toBe('Add your bank accounts with opening balances');
    expect(c.steps.every((s: any) => s.description.length > 10)).toBe(true);
  });

  it('ticks each step by itself as its thing is done through the API, and keeps it done', async () => {
    // Accounts without an opening balance, or an opening balance of a non-cash account: no.
    await account('1010', 'ASSET');
    const expense = await account('5010', 'EXPENSE', {
      initialBalance: '100.00',
      openingDate: '2026-01-01',
    });
    expect(await doneKeys()).toEqual([]);

    // A bank account with its opening balance (posted against opening-balance equity).
    const checking = await account('1020', 'ASSET', {
      name: 'Operating checking',
      initialBalance: '12500.00',
      openingDate: '2026-01-01',
    });
    const bank = await step('BANK_ACCOUNTS');
    expect(bank.done).toBe(true);
    expect(Date.parse(bank.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The opening balance is not the first entry posted by hand.
    expect(await doneKeys()).toEqual(['BANK_ACCOUNTS']);

    const income = await account('4010', 'INCOME');
    const typeId = (await ok(`mutation { createPropertyType(name: "Single-family") { id } }`))
      .createPropertyType.id;
    const groupId = (
      await ok(
        `mutation ($input: AssessmentGroupInput!) { createAssessmentGroup(input: $input) { id } }`,
        {
          input: {
            name: 'Homes',
            frequency: 'MONTHLY',
            isDefault: true,
            dueDay: 1,
            regularIncomeAccountId: income,
            specialIncomeAccountId: income,
            rates: [{ propertyTypeId: typeId, regular: '250.00', special: '0.00' }],
          },
        },
      )
    ).createAssessmentGroup.id;
    expect(await doneKeys()).toEqual(['BANK_ACCOUNTS', 'ASSESSMENT_GROUP']);

    const unitId = (
      await ok(`mutation ($input: UnitInput!) { createUnit(input: $input) { id } }`, {
        input: { number: '101', assessmentGroupId: groupId, propertyTypeId: typeId },
      })
    ).createUnit.id;
    const units = await step('UNITS');
    expect(units.done).toBe(true);

    // A past fiscal year's budget is history; this year's sets the year up.
    const year = fiscalYearOf(todayIn(org.timeZone), org.fiscalYearStartMonth);
    const save = (y: number, amount: string) =>
      ok(`mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`, {
        input: {
          year: y,
          lines: [{ accountId: expense, amounts: Array.from({ length: 12 }, () => amount) }],
        },
      });
    await save(year - 1, '100.00');
    expect((await step('BUDGET')).done).toBe(false);
    await save(year, '100.00');
    expect((await step('BUDGET')).done).toBe(true);

    await ok(`mutation { inviteMember(email: "president@example.test", role: ADMIN) { userId } }`);
    expect((await step('INVITE_MEMBER')).done).toBe(true);

    await turnOnMfa(token);
    expect((await step('MFA')).done).toBe(true);

    await ok(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-01-15',
          memo: 'Landscaping, January',
          lines: [
            { accountId: expense, debit: '300.00' },
            { accountId: checking, credit: '300.00' },
          ],
        },
      },
    );
    const all = await checklist();
    expect(all).toMatchObject({ completedCount: 7, complete: true, visible: false });

    // Undone later: each step stays done, with the time it was first seen done.
    await ok(`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: unitId });
    await save(year, '0.00');
    expect((await ok(`{ units { totalCount } }`)).units.totalCount).toBe(0);
    const after = await checklist();
    expect(after.completedCount).toBe(7);
    const unitsAfter = after.steps.find((s: any) => s.key === 'UNITS');
    expect(unitsAfter).toMatchObject({ done: true, completedAt: units.completedAt });
    const [row] = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(
        `SELECT count(*)::int AS n FROM onboarding_step_completions WHERE organization_id = ?`,
        [org.id],
      );
    // Seven rows: recorded once each, however often the checklist was read.
    expect(row.n).toBe(7);
  });

  it("keeps two-step sign-in personal: one member's MFA does not tick another's", async () => {
    const board = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const boardToken = tokenFor(app.services, board, org);
    const theirs = await checklist(boardToken);
    expect(theirs.steps.find((s: any) => s.key === 'MFA').done).toBe(false);
    // The association's steps are theirs too.
    expect(theirs.completedCount).toBe(6);
    expect((await checklist()).completedCount).toBe(7);

    await turnOnMfa(boardToken);
    expect((await checklist(boardToken)).complete).toBe(true);
  });

  it('keeps dismissal per user, and lets a viewer read and dismiss their own card', async () => {
    const second = await freshOrg();
    const viewer = await createUser(app.services, {
      memberships: [{ org: second.org, role: Role.VIEWER }],
    });
    const viewerToken = tokenFor(app.services, viewer, second.org);

    const read = await checklist(viewerToken);
    // The viewer's membership is another member than the admin: invited, for the association.
    expect(read.steps.filter((s: any) => s.done).map((s: any) => s.key)).toEqual(['INVITE_MEMBER']);
    expect(read.visible).toBe(true);

    const dismissed = await ok(UPDATE, { dismissed: true }, viewerToken);
    expect(dismissed.updateOnboardingChecklist).toEqual({
      completedCount: 1,
      dismissed: true,
      visible: false,
    });
    expect(await checklist(viewerToken)).toMatchObject({ dismissed: true, visible: false });
    // The admin's card of the same association is still there.
    expect(await checklist(second.token)).toMatchObject({ dismissed: false, visible: true });
    // Dismissing twice is the same; bringing it back shows it again.
    await ok(UPDATE, { dismissed: true }, viewerToken);
    const back = await ok(UPDATE, { dismissed: false }, viewerToken);
    expect(back.updateOnboardingChecklist).toMatchObject({ dismissed: false, visible: true });
  });

  it("shows another tenant's user only their own organization's progress", async () => {
    const other = await freshOrg();
    const c = await checklist(other.token);
    expect(c.completedCount).toBe(0);
    // The treasurer's association is finished; a member of both sees each organization's own.
    const both = await createUser(app.services, {
      memberships: [
        { org, role: Role.VIEWER },
        { org: other.org, role: Role.VIEWER },
      ],
    });
    expect((await checklist(tokenFor(app.services, both, org))).completedCount).toBe(6);
    const there = await checklist(tokenFor(app.services, both, other.org));
    expect(there.steps.filter((s: any) => s.done).map((s: any) => s.key)).toEqual([
      'INVITE_MEMBER',
    ]);
    // Dismissing in one organization leaves the card of the other.
    await ok(UPDATE, { dismissed: true }, tokenFor(app.services, both, other.org));
    expect((await checklist(tokenFor(app.services, both, org))).dismissed).toBe(false);
  });

  it('ticks bank accounts for balances brought forward by hand against fund balance', async () => {
    const o = await freshOrg();
    const as = (q: string, v: Record<string, unknown> = {}) => ok(q, v, o.token);
    const create = async (number: string, type: string) =>
      (
        await as(`mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }`, {
          input: { number, name: `Account ${number}`, type, fundType: 'OPERATING' },
        })
      ).createAccount.id;
    const cash = await create('1010', 'ASSET');
    const fundBalance = await create('3010', 'EQUITY');
    await as(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-01-01',
          memo: 'Balances brought forward',
          lines: [
            { accountId: cash, debit: '5000.00' },
            { accountId: fundBalance, credit: '5000.00' },
          ],
        },
      },
    );
    // An opening balance, not the first entry of the year's business.
    expect(await doneKeys(o.token)).toEqual(['BANK_ACCOUNTS']);
  });

  it('refuses dismissing while impersonating, but reads', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const impersonating = app.services.tokens.sign({
      userId: treasurer.id,
      orgId: org.id,
      impersonatedBy: admin.id,
    });
    expect((await checklist(impersonating)).completedCount).toBe(7);
    const res = await app.gql(UPDATE, { dismissed: true }, impersonating);
    expect(code(res)).toBe('FORBIDDEN');
    expect((await checklist()).dismissed).toBe(false);
  });

  it('is refused signed out (UNAUTHENTICATED), and without an organization', async () => {
    const anonymous = await app.gql(CHECKLIST);
    expect(code(anonymous)).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(UPDATE, { dismissed: true }))).toBe('UNAUTHENTICATED');
    const noOrg = tokenFor(app.services, treasurer, null);
    expect(code(await app.gql(CHECKLIST, {}, noOrg))).toBe('FORBIDDEN');
  });
});
