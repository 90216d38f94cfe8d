import { expect } from 'vitest';
import type { Organization } from '../platform/organizations/organizations.entity.js';
import { Role } from '../core/roles.js';
import type { GqlResponse, TestApp } from './app.js';
import { createOrg, createUser, tokenFor } from './factories.js';
import { openTenant } from '../core/tenancy/tenant-door.js';
import { sql } from '../db/sql.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- test data is read loosely, as a client would */

// A tenant for a test file: an organization, a signed-in member per role, and factories that
// create records through the public API (as the web app would), so every test builds its books
// the same way. `ok` fails the test on any GraphQL error; `gql` returns the raw answer.
export interface Tenant {
  org: Organization;
  // Tokens: admin (the default for every call), user, viewer.
  admin: string;
  user: string;
  viewer: string;
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResponse<T>>;
  ok<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<T>;
  account(number: string, type: AccountTypeName, opts?: AccountOpts): Promise<string>;
  propertyType(name: string): Promise<string>;
  group(input: GroupOpts): Promise<string>;
  unit(
    number: string,
    opts: { groupId: string; propertyTypeId: string } & UnitOpts,
  ): Promise<string>;
  vendor(name: string, opts?: Record<string, unknown>): Promise<string>;
  // Posts a balanced entry: lines as [accountId, debit, credit] with amounts as decimal strings.
  post(
    date: string,
    lines: [string, string | null, string | null][],
    opts?: PostOpts,
  ): Promise<string>;
  // Invoices every unit for the periods starting in the month ("2026-03"); answers how many.
  assessmentRun(month: string): Promise<number>;
  // Records a payment from a unit (amount as a decimal string); answers its id.
  payment(unitId: string, date: string, amount: string, opts?: PaymentOpts): Promise<string>;
  // A one-off invoice with lines as [accountId, amount, description?]; answers its id.
  invoice(
    unitId: string,
    issueDate: string,
    lines: [string, string, string?][],
    opts?: { dueDate?: string; memo?: string },
  ): Promise<string>;
  // The receivable account of the receivables settings (created on first use).
  receivableAccount(): Promise<string>;
  // A homeowner bound to these units (a fixture: the invitation flow has its own tests); answers
  // the owner's token and user id.
  owner(
    unitIds: string[],
    email?: string,
  ): Promise<{ token: string; userId: string; email: string }>;
}

export type AccountTypeName = 'ASSET' | 'LIABILITY' | 'EQUITY' | 'INCOME' | 'EXPENSE';
export interface AccountOpts {
  name?: string;
  fundType?: 'OPERATING' | 'RESERVE';
  description?: string;
  initialBalance?: string;
  openingDate?: string;
  forecastRole?: 'RESERVE_TRANSFER' | 'RESERVE_CONTRIBUTION' | 'INTEREST_INCOME';
  interfundTransfer?: boolean;
}
export interface GroupOpts {
  name: string;
  frequency?: string;
  rates: { propertyTypeId: string; regular: string; special?: string }[];
  regularIncomeAccountId: string;
  specialIncomeAccountId?: string;
  dueDay?: number;
  isDefault?: boolean;
  [extra: string]: unknown;
}
export interface UnitOpts {
  ownerName?: string;
  address?: string;
  email?: string;
  phone?: string;
}
export interface PostOpts {
  memo?: string;
  vendorId?: string;
  token?: string;
}

export interface PaymentOpts {
  method?: 'CHECK' | 'ACH' | 'CARD' | 'CASH' | 'OTHER';
  depositAccountId?: string;
  invoiceIds?: string[];
  reference?: string;
  memo?: string;
}

// `adminEmail` names the admin (a browser journey signs in as them, with TEST_PASSWORD).
export async function createTenant(
  app: TestApp,
  name?: string,
  opts: { adminEmail?: string } = {},
): Promise<Tenant> {
  const org = await createOrg(app.services, name);
  const member = async (role: Role, email?: string) =>
    tokenFor(
      app.services,
      await createUser(app.services, { email, memberships: [{ org, role }] }),
      org,
    );
  const admin = await member(Role.ADMIN, opts.adminEmail);
  const user = await member(Role.USER);
  const viewer = await member(Role.VIEWER);

  const gql: Tenant['gql'] = (query, variables, token = admin) => app.gql(query, variables, token);
  const ok: Tenant['ok'] = async (query, variables, token = admin) => {
    const res = await app.gql(query, variables, token);
    expect(res.body.errors, query).toBeUndefined();
    return res.body.data as any;
  };

  return {
    org,
    admin,
    user,
    viewer,
    gql,
    ok,
    async owner(unitIds, email) {
      const person = await createUser(app.services, {
        email,
        memberships: [{ org, role: Role.OWNER }],
      });
      const { em } = await openTenant(app.services, org.id);
      for (const unitId of unitIds) {
        await sql(em).run('INSERT INTO unit_owners (unit_id, user_id, email) VALUES (?, ?, ?)', [
          unitId,
          person.id,
          person.email,
        ]);
      }
      return { token: tokenFor(app.services, person, org), userId: person.id, email: person.email };
    },
    async account(number, type, opts = {}) {
      const { name = `Account ${number}`, fundType = 'OPERATING', ...rest } = opts;
      const d = await ok(
        `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }`,
        { input: { number, name, type, fundType, ...rest } },
      );
      return d.createAccount.id;
    },
    async propertyType(name) {
      const d = await ok(`mutation ($name: String!) { createPropertyType(name: $name) { id } }`, {
        name,
      });
      return d.createPropertyType.id;
    },
    async group({ rates, ...input }) {
      const d = await ok(
        `mutation ($input: AssessmentGroupInput!) { createAssessmentGroup(input: $input) { id } }`,
        {
          input: {
            frequency: 'MONTHLY',
            isDefault: false,
            dueDay: 1,
            specialIncomeAccountId: input.regularIncomeAccountId,
            ...input,
            rates: rates.map((r) => ({ special: '0.00', ...r })),
          },
        },
      );
      return d.createAssessmentGroup.id;
    },
    async unit(number, { groupId, propertyTypeId, ...rest }) {
      const d = await ok(`mutation ($input: UnitInput!) { createUnit(input: $input) { id } }`, {
        input: {
          number,
          ownerName: `Owner ${number}`,
          assessmentGroupId: groupId,
          propertyTypeId,
          ...rest,
        },
      });
      return d.createUnit.id;
    },
    async vendor(name, opts = {}) {
      const d = await ok(
        `mutation ($input: CreateVendorInput!) { createVendor(input: $input) { id } }`,
        { input: { name, ...opts } },
      );
      return d.createVendor.id;
    },
    async post(date, lines, opts = {}) {
      const d = await ok(
        `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
        {
          input: {
            date,
            memo: opts.memo,
            vendorId: opts.vendorId,
            lines: lines.map(([accountId, debit, credit]) => ({ accountId, debit, credit })),
          },
        },
        opts.token,
      );
      return d.postJournalEntry.id;
    },
    async assessmentRun(month) {
      const d = await ok(
        `mutation ($month: String!) { generateAssessmentInvoices(month: $month) { created } }`,
        { month },
      );
      return d.generateAssessmentInvoices.created;
    },
    async payment(unitId, date, amount, opts = {}) {
      const d = await ok(
        `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { id } }`,
        { input: { unitId, date, amount, method: 'CHECK', ...opts } },
      );
      return d.recordPayment.id;
    },
    async invoice(unitId, issueDate, lines, opts = {}) {
      const d = await ok(
        `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`,
        {
          input: {
            unitId,
            issueDate,
            dueDate: opts.dueDate ?? issueDate,
            memo: opts.memo,
            lines: lines.map(([accountId, amount, description = 'Charge']) => ({
              accountId,
              amount,
              description,
            })),
          },
        },
      );
      return d.createInvoice.id;
    },
    async receivableAccount() {
      const d = await ok('{ receivablesSettings { receivableAccount { id } } }');
      return d.receivablesSettings.receivableAccount.id;
    },
  };
}
