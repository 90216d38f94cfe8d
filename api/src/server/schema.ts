import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { connectionResolvers } from '../core/graphql/connection.js';
import { applyPermissions } from '../core/permissions/permissions.js';
import { AccountsImportResolver } from '../modules/accounts/accounts-import.resolver.js';
import { AccountOpeningBalanceResolver } from '../modules/accounts/opening-balance.resolver.js';
import { AccountsResolver } from '../modules/accounts/accounts.resolver.js';
import {
  AssessmentGroupsResolver,
  AssessmentRateResolver,
  LateFeePolicyResolver,
} from '../modules/assessments/assessment-groups.resolver.js';
import { PropertyTypesResolver } from '../modules/assessments/property-types.resolver.js';
import { ReceivablesSettingsResolver } from '../modules/assessments/receivables-settings.resolver.js';
import { AgingResolver } from '../modules/invoices/aging.resolver.js';
import { AssessmentRunsResolver } from '../modules/invoices/assessment-runs.resolver.js';
import {
  InvoiceLineResolver,
  InvoicesResolver,
  InvoiceWriteOffResolver,
  JournalEntryInvoiceResolver,
} from '../modules/invoices/invoices.resolver.js';
import { OpeningBalancesResolver } from '../modules/invoices/opening-balances.resolver.js';
import { LateFeesResolver } from '../modules/invoices/late-fees.resolver.js';
import { PaymentApplicationResolver } from '../modules/payments/payment-applications.resolver.js';
import { PaymentApplicationInvoiceResolver } from '../modules/invoices/application-invoice.resolver.js';
import {
  JournalEntryPaymentResolver,
  PaymentsResolver,
} from '../modules/payments/payments.resolver.js';
import { UnitsResolver } from '../modules/units/units.resolver.js';
import {
  AttachmentsResolver,
  JournalEntryAttachmentsResolver,
} from '../modules/attachments/attachments.resolver.js';
import { AuditResolver } from '../modules/audit/audit.resolver.js';
import { ActualsResolver } from '../modules/actuals/actuals.resolver.js';
import { DashboardResolver } from '../modules/dashboard/dashboard.resolver.js';
import { BudgetsResolver } from '../modules/budgets/budgets.resolver.js';
import { ReportsResolver } from '../modules/reports/reports.resolver.js';
import {
  DashboardReservesResolver,
  ReservesResolver,
} from '../modules/reserves/reserves.resolver.js';
import {
  StatementsResolver,
  Vendor1099RowResolver,
} from '../modules/reports/statements.resolver.js';
import { IncomeExpenseFlowResolver } from '../modules/reports/income-expense-flow.resolver.js';
import { ForecastResolver } from '../modules/forecast/forecast.resolver.js';
import { DocumentsResolver } from '../modules/documents/documents.resolver.js';
import { BoardPacketResolver } from '../modules/documents/board-packet.resolver.js';
import { YearEndStatementsResolver } from '../modules/documents/year-end-statements.resolver.js';
import { CpaPackageResolver } from '../modules/documents/cpa-package.resolver.js';
import { OwnerStatementsResolver } from '../modules/owner-statements/owner-statements.resolver.js';
import { ScenariosResolver } from '../modules/scenarios/scenarios.resolver.js';
import { OnlinePaymentsResolver } from '../modules/online-payments/online-payments.resolver.js';
import { AutopayResolver } from '../modules/autopay/autopay.resolver.js';
import {
  InvestmentsResolver,
  JournalEntryInvestmentResolver,
  PlannedInvestmentsResolver,
} from '../modules/investments/investments.resolver.js';
import { AiPlanningResolver } from '../modules/ai-planning/ai-planning.resolver.js';
import {
  CapitalProjectsResolver,
  DashboardCapitalProjectsResolver,
} from '../modules/capital-projects/capital-projects.resolver.js';
import { BankingResolver, BankRuleResolver } from '../modules/banking/banking.resolver.js';
import { PeriodsResolver } from '../modules/periods/periods.resolver.js';
import { JournalEntryBankResolver } from '../modules/banking/entry-bank.resolver.js';
import { DepositsResolver, PaymentDepositResolver } from '../modules/banking/deposits.resolver.js';
import { BillLineResolver, BillsResolver } from '../modules/payables/bills.resolver.js';
import { BillApprovalsResolver } from '../modules/payables/approvals.resolver.js';
import { BoardSeatsResolver } from '../modules/payables/board-seats.resolver.js';
import { PayablesSettingsResolver } from '../modules/payables/payables-settings.resolver.js';
import { BillTemplatesResolver } from '../modules/payables/bill-templates.resolver.js';
import {
  BillPaymentApplicationResolver,
  BillPaymentsOfBillResolver,
  BillPaymentsResolver,
  PaymentRunsResolver,
} from '../modules/payables/bill-payments.resolver.js';
import { CheckSettingsResolver } from '../modules/payables/check-settings.resolver.js';
import { PaymentRunChecksResolver } from '../modules/documents/checks.resolver.js';
import {
  CheckRegisterRowResolver,
  PayablesAgingRowResolver,
  PayablesReportsResolver,
  VendorLedgerResolver,
} from '../modules/payables/payables-reports.resolver.js';
import { Tax1099Resolver, Tax1099RowResolver } from '../modules/payables/tax-1099.resolver.js';
import { JournalImportResolver } from '../modules/journal/journal-import.resolver.js';
import { BooksExportResolver } from '../modules/journal/books-export.resolver.js';
import { JournalResolver } from '../modules/journal/journal.resolver.js';
import { JournalEntryVendorResolver } from '../modules/journal/entry-vendor.resolver.js';
import { VendorsResolver } from '../modules/vendors/vendors.resolver.js';
import { AdminOrganizationsResolver } from '../platform/admin-organizations/admin-organizations.resolver.js';
import { AdminClustersResolver } from '../platform/admin-organizations/admin-clusters.resolver.js';
import { IdeaConnectionResolver, IdeasResolver } from '../platform/ideas/ideas.resolver.js';
import { AdminResolver } from '../platform/admin/admin.resolver.js';
import { MemberMfaResolver, MembersResolver } from '../platform/organizations/members.resolver.js';
import { OrganizationsResolver } from '../platform/organizations/organizations.resolver.js';
import {
  OwnerInvitationsResolver,
  OwnerUnitCoOwnersResolver,
} from '../platform/organizations/owner-invitations.resolver.js';
import { OwnerPortalResolver } from '../modules/owner-portal/owner-portal.resolver.js';
import {
  DocumentPublicationResolver,
  PublishedDocumentsResolver,
} from '../modules/owner-portal/published-documents.resolver.js';
import { SessionsResolver } from '../platform/sessions/sessions.resolver.js';
import { SignInResolver } from '../platform/sign-in/index.js';
import { ApiTokensResolver } from '../platform/api-tokens/index.js';
import { BillingResolver, MembershipBillingResolver } from '../platform/billing/index.js';
import { AutomationResolver } from '../platform/automation/index.js';
import { EmailOutboxResolver } from '../platform/admin/index.js';
import {
  AdminUserMfaResolver,
  MembershipMfaResolver,
  MfaResolver,
  UserMfaResolver,
} from '../platform/mfa/index.js';
import { PasskeysResolver } from '../platform/passkeys/index.js';
import { SsoResolver } from '../platform/sso/index.js';
import { OnboardingChecklistResolver } from '../platform/onboarding-checklist/index.js';
import { StartingChartResolver } from '../platform/onboarding/starting-chart.resolver.js';
import { SupportWidgetResolver } from '../platform/support/support-widget.resolver.js';
import { TenantHealthResolver } from '../platform/tenant-health/tenant-health.resolver.js';
import { UsersResolver } from '../platform/users/users.resolver.js';
import { SystemResolver } from './system.resolver.js';
import { validateInput } from './validate-input.js';

export const resolvers = [
  BillingResolver,
  MembershipBillingResolver,
  PropertyTypesResolver,
  AssessmentGroupsResolver,
  AssessmentRateResolver,
  LateFeePolicyResolver,
  ReceivablesSettingsResolver,
  UnitsResolver,
  InvoicesResolver,
  InvoiceLineResolver,
  InvoiceWriteOffResolver,
  OpeningBalancesResolver,
  JournalEntryInvoiceResolver,
  AssessmentRunsResolver,
  LateFeesResolver,
  AutomationResolver,
  EmailOutboxResolver,
  AgingResolver,
  PaymentsResolver,
  JournalEntryPaymentResolver,
  PaymentApplicationResolver,
  PaymentApplicationInvoiceResolver,
  VendorsResolver,
  JournalEntryVendorResolver,
  BudgetsResolver,
  ActualsResolver,
  DashboardResolver,
  InvestmentsResolver,
  BankingResolver,
  BankRuleResolver,
  PeriodsResolver,
  JournalEntryBankResolver,
  DepositsResolver,
  PaymentDepositResolver,
  BillsResolver,
  BillLineResolver,
  BillApprovalsResolver,
  BoardSeatsResolver,
  PayablesSettingsResolver,
  BillTemplatesResolver,
  BillPaymentsResolver,
  PaymentRunsResolver,
  BillPaymentApplicationResolver,
  BillPaymentsOfBillResolver,
  CheckSettingsResolver,
  PayablesReportsResolver,
  PayablesAgingRowResolver,
  CheckRegisterRowResolver,
  VendorLedgerResolver,
  Tax1099Resolver,
  Tax1099RowResolver,
  JournalEntryInvestmentResolver,
  PlannedInvestmentsResolver,
  AiPlanningResolver,
  ReservesResolver,
  DashboardReservesResolver,
  CapitalProjectsResolver,
  DashboardCapitalProjectsResolver,
  ReportsResolver,
  StatementsResolver,
  Vendor1099RowResolver,
  IncomeExpenseFlowResolver,
  ForecastResolver,
  DocumentsResolver,
  BoardPacketResolver,
  YearEndStatementsResolver,
  CpaPackageResolver,
  OwnerStatementsResolver,
  PaymentRunChecksResolver,
  ScenariosResolver,
  OnlinePaymentsResolver,
  AutopayResolver,
  SystemResolver,
  SupportWidgetResolver,
  SessionsResolver,
  SignInResolver,
  ApiTokensResolver,
  MfaResolver,
  UserMfaResolver,
  MemberMfaResolver,
  AdminUserMfaResolver,
  MembershipMfaResolver,
  PasskeysResolver,
  SsoResolver,
  UsersResolver,
  TenantHealthResolver,
  OrganizationsResolver,
  AdminOrganizationsResolver,
  AdminClustersResolver,
  MembersResolver,
  OwnerInvitationsResolver,
  OwnerUnitCoOwnersResolver,
  OwnerPortalResolver,
  PublishedDocumentsResolver,
  DocumentPublicationResolver,
  AdminResolver,
  IdeasResolver,
  IdeaConnectionResolver,
  OnboardingChecklistResolver,
  StartingChartResolver,
  AccountsResolver,
  AccountsImportResolver,
  AccountOpeningBalanceResolver,
  JournalResolver,
  JournalImportResolver,
  BooksExportResolver,
  AuditResolver,
  AttachmentsResolver,
  JournalEntryAttachmentsResolver,
] as const;

let base: Promise<GraphQLSchema> | undefined;

// type-graphql wraps every plain field (a property read: `id`, `name`, `balance`) in a resolver of
// its own that runs the field's middlewares, even when it has none. graphql-js's default resolver
// reads the same property without the wrapper: a 16-row accounts list executes about 5 % faster.
// A field keeps the wrapper if it has middlewares or roles, or a GraphQL name other than its
// property's (the default resolver reads the GraphQL name). Field resolvers (@FieldResolver) are
// not plain fields and keep theirs.
function usePlainFieldReads() {
  for (const field of getMetadataStorage().fields) {
    const plain = !field.middlewares?.length && !field.roles && field.name === field.schemaName;
    if (plain && field.simple === undefined) field.simple = true;
  }
}

// The schema as type-graphql builds it, without permissions (what schema.graphql shows).
export function buildBaseSchema(): Promise<GraphQLSchema> {
  if (base) return base;
  usePlainFieldReads();
  base = buildSchema({
    // Connection types register their totalCount resolvers as the modules above are imported.
    resolvers: [...resolvers, ...connectionResolvers] as unknown as typeof resolvers,
    // Every argument's rules, nested inputs included (validate-input.ts).
    validateFn: validateInput,
  });
  return base;
}

export async function buildAppSchema(): Promise<GraphQLSchema> {
  return applyPermissions(await buildBaseSchema());
}
