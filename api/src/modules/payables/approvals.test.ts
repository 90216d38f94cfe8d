import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const message = (res: Res) => res.body.errors?.[0]?.message;

const BILL = `id number total approval approvalsRequired payable canApprove
  approvals { userId name title decision comment ip createdAt }`;
const CREATE = `mutation ($input: CreateBillInput!) { createBill(input: $input) { ${BILL} } }`;
const GET = `query ($id: ID!) { bill(id: $id) { ${BILL} } }`;
const APPROVE = `mutation ($id: ID!, $comment: String) { approveBill(id: $id, comment: $comment) { ${BILL} } }`;
const REJECT = `mutation ($id: ID!, $comment: String!) { rejectBill(id: $id, comment: $comment) { ${BILL} } }`;
const QUEUE = `{ billApprovalQueue { number } }`;
const SEAT = `mutation ($userId: ID!, $title: BoardTitle) { setBoardSeat(userId: $userId, title: $title) {
  userId title name email } }`;
const SEATS = `{ boardSeats { userId title name email } }`;
const POLICY = `mutation ($input: PayablesSettingsInput!) { updatePayablesSettings(input: $input) {
  approvalThreshold approvalsRequired approverTitles } }`;
const PAY = `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) { total } }`;
const pay = (billId: string, amount: string) => ({
  input: {
    bankAccountId: '',
    method: 'ACH',
    date: '2026-03-20',
    payThrough: '2026-04-30',
    items: [{ billId, amount }],
  },
});
const VOID = `mutation ($id: ID!) { voidBill(id: $id, date: "2026-03-20", reason: "Not owed") { approval status payable } }`;

describe('bill approvals', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  // Members: the admin (treasurer, enters the bills), a user (president), a viewer (director),
  // a user (secretary: a seat the policy does not name); t.viewer holds no seat.
  const m: Record<string, { id: string; token: string; email: string }> = {};

  const bill = async (amount: string, token = t.admin) =>
    (
      await t.ok(
        CREATE,
        {
          input: {
            vendorId: ids.vendor,
            vendorInvoiceNumber: `V-${amount}`,
            billDate: '2026-03-10',
            dueDate: '2026-04-09',
            lines: [{ accountId: ids.expense, amount }],
          },
        },
        token,
      )
    ).createBill;

  // A call from a phone, as the approval records it.
  const fromPhone = (query: string, variables: Record<string, unknown>, token: string) =>
    app.request('/graphql', query, variables, {
      token,
      headers: { 'user-agent': 'BoardPhone/2.1 (iPhone)' },
    });

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([
      createTenant(app, 'Approvals HOA'),
      createTenant(app, 'Other HOA'),
    ]);
    const member = async (key: string, role: Role) => {
      const email = `${key}.${t.org.id.slice(0, 8)}@example.test`;
      const user = await createUser(app.services, { email, memberships: [{ org: t.org, role }] });
      await app.services.platformOrm.em
        .fork()
        .getConnection()
        .execute(`UPDATE users SET name = ? WHERE id = ?`, [
          key[0].toUpperCase() + key.slice(1),
          user.id,
        ]);
      m[key] = { id: user.id, token: tokenFor(app.services, user, t.org), email };
    };
    await member('president', Role.USER);
    await member('director', Role.VIEWER);
    await member('secretary', Role.USER);
    const me = await t.ok(`{ me { user { id email } } }`);
    m.admin = { id: me.me.user.id, token: t.admin, email: me.me.user.email };
    const outsider = await createUser(app.services, {
      memberships: [{ org: o.org, role: Role.USER }],
    });
    ids.outsider = outsider.id;
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.expense = await t.account('5200', 'EXPENSE', { name: 'Repairs' });
    ids.vendor = await t.vendor('Fix-It Co');
    ids.otherVendor = await o.vendor('Elsewhere');
    ids.otherExpense = await o.account('5200', 'EXPENSE');
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('seats the board: admins only, members of the association only', async () => {
    expect(code(await t.gql(SEAT, { userId: m.president.id, title: 'PRESIDENT' }, t.user))).toBe(
      'FORBIDDEN',
    );
    expect(code(await t.gql(SEAT, { userId: ids.outsider, title: 'DIRECTOR' }))).toBe('NOT_FOUND');
    expect(code(await t.gql(SEAT, { userId: 'nobody', title: 'DIRECTOR' }))).toBe('NOT_FOUND');
    await t.ok(SEAT, { userId: m.admin.id, title: 'TREASURER' });
    await t.ok(SEAT, { userId: m.president.id, title: 'DIRECTOR' });
    await t.ok(SEAT, { userId: m.president.id, title: 'PRESIDENT' });
    await t.ok(SEAT, { userId: m.director.id, title: 'DIRECTOR' });
    const seats = (await t.ok(SEAT, { userId: m.secretary.id, title: 'SECRETARY' })).setBoardSeat;
    expect(seats.map((s: any) => [s.title, s.name])).toEqual([
      ['PRESIDENT', 'President'],
      ['TREASURER', expect.any(String)],
      ['SECRETARY', 'Secretary'],
      ['DIRECTOR', 'Director'],
    ]);
    // Everyone who reads the books sees the board.
    expect((await t.ok(SEATS, {}, t.viewer)).boardSeats).toHaveLength(4);
    expect(code(await o.gql(SEAT, { userId: m.president.id, title: 'PRESIDENT' }))).toBe(
      'NOT_FOUND',
    );
    const policy = await t.ok(POLICY, {
      input: {
        approvalThreshold: '1000.00',
        approvalsRequired: 2,
        approverTitles: ['PRESIDENT', 'TREASURER', 'DIRECTOR'],
      },
    });
    expect(policy.updatePayablesSettings).toEqual({
      approvalThreshold: '1000.00',
      approvalsRequired: 2,
      approverTitles: ['PRESIDENT', 'TREASURER', 'DIRECTOR'],
    });
    expect(code(await t.gql(POLICY, { input: { approvalsRequired: 1 } }, m.president.token))).toBe(
      'FORBIDDEN',
    );
  });

  it('pays a bill at or below the threshold at once; one above waits, and its approvers are emailed', async () => {
    const small = await bill('1000.00');
    expect(small).toMatchObject({ approval: 'NOT_REQUIRED', approvalsRequired: 0, payable: true });
    const big = await bill('1500.00');
    expect(big).toMatchObject({
      approval: 'PENDING',
      approvalsRequired: 2,
      payable: false,
      canApprove: false,
      approvals: [],
    });
    ids.big = big.id;
    ids.small = small.id;
    const mail = await app.lastEmail(m.president.email);
    expect(mail?.subject).toBe(
      `Approvals HOA: BILL-2 from Fix-It Co ($1,500.00) needs your approval`,
    );
    expect(mail?.body).toContain(`/bills/${big.id}`);
    expect(mail?.template).toBe('bill-approval');
    expect((await app.lastEmail(m.director.email))?.subject).toContain('BILL-2');
    // Not the one who entered it, not a seat the policy does not name.
    expect(await app.lastEmail(m.admin.email)).toBeNull();
    expect(await app.lastEmail(m.secretary.email)).toBeNull();
  });

  it('queues the bill for those who may decide on it, and says so on the bill', async () => {
    const queue = async (token: string) =>
      (await t.ok(QUEUE, {}, token)).billApprovalQueue.map((b: any) => b.number);
    expect(await queue(m.president.token)).toEqual([2]);
    expect(await queue(m.director.token)).toEqual([2]);
    expect(await queue(m.admin.token)).toEqual([]);
    expect(await queue(m.secretary.token)).toEqual([]);
    expect(await queue(t.viewer)).toEqual([]);
    const can = async (token: string) => (await t.ok(GET, { id: ids.big }, token)).bill.canApprove;
    expect(await can(m.president.token)).toBe(true);
    expect(await can(m.director.token)).toBe(true);
    expect(await can(m.admin.token)).toBe(false);
    expect(await can(t.viewer)).toBe(false);
  });

  it('refuses the one who entered it, members without an approving seat, and unpending bills', async () => {
    const creator = await t.gql(APPROVE, { id: ids.big });
    expect(code(creator)).toBe('FORBIDDEN');
    expect(message(creator)).toContain('You entered BILL-2');
    const noSeat = await t.gql(APPROVE, { id: ids.big }, t.viewer);
    expect(code(noSeat)).toBe('FORBIDDEN');
    expect(message(noSeat)).toContain('board seat');
    expect(code(await t.gql(APPROVE, { id: ids.big }, m.secretary.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(APPROVE, { id: ids.small }, m.president.token))).toBe('CONFLICT');
    expect(code(await t.gql(APPROVE, { id: 'nope' }, m.president.token))).toBe('NOT_FOUND');
    expect((await t.ok(GET, { id: ids.big })).bill.approvals).toEqual([]);
    // Not payable before it is approved.
    const early = pay(ids.big, '1500.00');
    early.input.bankAccountId = ids.bank;
    const refused = await t.gql(PAY, early);
    expect(code(refused)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(refused.body.errors)).toContain('awaiting approval');
  });

  it('approves with two board members, one a viewer holding a seat, each once, from where they were', async () => {
    const one = await fromPhone(
      APPROVE,
      { id: ids.big, comment: 'Matches the quote' },
      m.president.token,
    );
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data?.approveBill).toMatchObject({
      approval: 'PENDING',
      payable: false,
      canApprove: false,
      approvals: [
        {
          userId: m.president.id,
          name: 'President',
          title: 'PRESIDENT',
          decision: 'APPROVED',
          comment: 'Matches the quote',
          ip: expect.stringMatching(/127\.0\.0\.1|::1/),
        },
      ],
    });
    const twice = await t.gql(APPROVE, { id: ids.big }, m.president.token);
    expect(code(twice)).toBe('CONFLICT');
    expect(
      code(await t.gql(REJECT, { id: ids.big, comment: 'Changed my mind' }, m.president.token)),
    ).toBe('CONFLICT');
    const two = (await t.ok(APPROVE, { id: ids.big }, m.director.token)).approveBill;
    expect(two).toMatchObject({ approval: 'APPROVED', payable: true });
    expect(two.approvals.map((a: any) => [a.name, a.title, a.decision, a.comment])).toEqual([
      ['President', 'PRESIDENT', 'APPROVED', 'Matches the quote'],
      ['Director', 'DIRECTOR', 'APPROVED', null],
    ]);
    // Approved: nothing more to decide.
    expect(code(await t.gql(APPROVE, { id: ids.big }, m.admin.token))).toBe('FORBIDDEN');
    expect((await t.ok(QUEUE, {}, m.director.token)).billApprovalQueue).toEqual([]);
    // The audit trail keeps who, from where and with which browser.
    const audit = (
      await t.ok(
        `query ($id: ID!) { auditLog(entityType: "Bill", entityId: $id) { action userEmail changes } }`,
        { id: ids.big },
      )
    ).auditLog;
    expect(audit.map((a: any) => a.action)).toEqual(['create', 'approve', 'approve']);
    expect(audit[1]).toMatchObject({
      userEmail: m.president.email,
      changes: {
        title: 'president',
        comment: 'Matches the quote',
        userAgent: 'BoardPhone/2.1 (iPhone)',
        approval: { before: 'pending', after: 'pending' },
      },
    });
    expect(audit[2].changes.approval).toEqual({ before: 'pending', after: 'approved' });
    // Payable now.
    const now = pay(ids.big, '1500.00');
    now.input.bankAccountId = ids.bank;
    expect((await t.ok(PAY, now)).createPaymentRun.total).toBe('1500.00');
  });

  it('a rejection, with its reason, stops the bill until it is voided', async () => {
    const b = await bill('2500.00', m.president.token);
    // The president entered it: the admin (treasurer) and the director decide.
    expect(b.approval).toBe('PENDING');
    const noReason = await t.gql(REJECT, { id: b.id, comment: '  ' }, m.director.token);
    expect(code(noReason)).toBe('BAD_USER_INPUT');
    expect(noReason.body.errors?.[0]?.extensions?.details).toEqual([
      { field: 'comment', message: 'Say why the bill is rejected' },
    ]);
    const r = (await t.ok(REJECT, { id: b.id, comment: 'Not our roof' }, m.director.token))
      .rejectBill;
    expect(r).toMatchObject({ approval: 'REJECTED', payable: false });
    const after = await t.gql(APPROVE, { id: b.id }, m.admin.token);
    expect(code(after)).toBe('CONFLICT');
    expect(message(after)).toContain('was rejected');
    expect((await t.ok(VOID, { id: b.id })).voidBill).toEqual({
      approval: 'REJECTED',
      status: 'VOID',
      payable: false,
    });
  });

  it('keeps the approvals a bill was entered with when the policy changes', async () => {
    const b = await bill('3000.00');
    await t.ok(POLICY, { input: { approvalsRequired: 1 } });
    const one = (await t.ok(APPROVE, { id: b.id }, m.president.token)).approveBill;
    expect(one).toMatchObject({ approvalsRequired: 2, approval: 'PENDING' });
    // A seat taken away takes its approving with it.
    await t.ok(SEAT, { userId: m.director.id, title: null });
    expect(code(await t.gql(APPROVE, { id: b.id }, m.director.token))).toBe('FORBIDDEN');
    expect((await t.ok(QUEUE, {}, m.director.token)).billApprovalQueue).toEqual([]);
    const fresh = await bill('1200.00');
    expect(fresh.approvalsRequired).toBe(1);
  });

  it("answers NOT_FOUND for another association's bill", async () => {
    const theirs = (
      await o.ok(CREATE, {
        input: {
          vendorId: ids.otherVendor,
          billDate: '2026-03-10',
          dueDate: '2026-03-10',
          lines: [{ accountId: ids.otherExpense, amount: '5.00' }],
        },
      })
    ).createBill;
    expect(code(await t.gql(APPROVE, { id: theirs.id }, m.president.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(REJECT, { id: theirs.id, comment: 'x' }, m.president.token))).toBe(
      'NOT_FOUND',
    );
  });
});
