import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { applyMiddleware } from 'graphql-middleware';
import { allow, and, deny, or, shield } from 'graphql-shield';
import { forbidden } from '../errors/app-error.js';
import { fieldRulesGuard } from './field-guard.js';
import {
  canReadTenant,
  canWriteTenant,
  eachKeyOf,
  isAuthenticated,
  isSuperadmin,
  isTenantAdmin,
  isUnitOwner,
  notApiToken,
  notMoving,
  notReadOnly,
  notReadOnlyToken,
  notViewer,
} from './rules.js';

type ShieldRule = Parameters<typeof and>[number];

// THE permission table: every root field has an explicit rule; anything unlisted is denied.
export const permissionTable: Record<'Query' | 'Mutation', Record<string, ShieldRule>> = {
  Query: {
    version: allow,
    // Slice E (support widget): the script URL and website token are public by nature.
    supportWidget: allow,
    me: isAuthenticated,
    // The caller's personal API tokens (never to a request made with one: API_TOKEN_REFUSED)
    apiTokens: isAuthenticated,
    mfaStatus: isAuthenticated,
    passkeys: isAuthenticated,
    // Sign-in through identity providers: which are offered (public), and the caller's own links
    ssoProviders: allow,
    // Self-service sign-up: the pricing page (public), and a sign-up's progress (proven by the
    // key startSignup gave the browser)
    pricing: allow,
    signupStatus: allow,
    linkedIdentities: isAuthenticated,
    invitation: allow,
    members: isTenantAdmin,
    pendingInvitations: isTenantAdmin,
    emailDeliveryConfigured: isTenantAdmin,
    accounts: canReadTenant,
    account: canReadTenant,
    auditLog: canReadTenant,
    journalEntry: canReadTenant,
    journalEntries: canReadTenant,
    accountBalances: canReadTenant,
    trialBalance: canReadTenant,
    fundBalances: canReadTenant,
    accountLedger: canReadTenant,
    accountActivity: canReadTenant,
    journalLines: canReadTenant,
    booksExport: canReadTenant,
    propertyTypes: canReadTenant,
    assessmentGroups: canReadTenant,
    assessmentGroup: canReadTenant,
    assessmentProjection: canReadTenant,
    receivablesSettings: canReadTenant,
    units: canReadTenant,
    unit: canReadTenant,
    unitLedger: canReadTenant,
    unitImportTemplate: canReadTenant,
    openingBalanceImportTemplate: canReadTenant,
    accountImportTemplate: canReadTenant,
    standardChartOfAccounts: canReadTenant,
    journalImportTemplate: canReadTenant,
    invoices: canReadTenant,
    invoice: canReadTenant,
    previewAssessmentInvoices: canReadTenant,
    payments: canReadTenant,
    payment: canReadTenant,
    previewLateFees: canReadTenant,
    // What runs on its own (assessment run, late fees, reminders) and what ran
    automation: canReadTenant,
    // The email outbox's dead letters: messages that failed their last try (super admins)
    failedEmails: isSuperadmin,
    agingReport: canReadTenant,
    budget: canReadTenant,
    budgetTemplate: canReadTenant,
    monthlyActuals: canReadTenant,
    actualsCashAccounts: canReadTenant,
    budgetVsActual: canReadTenant,
    balanceSheet: canReadTenant,
    incomeStatement: canReadTenant,
    vendor1099Report: canReadTenant,
    // Owners' online payments (Stripe Connect): the treasurer's settings, list and payouts; an
    // owner's quote and their own units' online payments (the service checks each unit id).
    onlinePaymentsSettings: canReadTenant,
    onlinePayments: canReadTenant,
    stripePayouts: canReadTenant,
    ownerPaymentQuote: isUnitOwner,
    ownerOnlinePayments: isUnitOwner,
    // AutoPay: an owner's own units'; the treasurer reads every unit's.
    ownerAutopay: isUnitOwner,
    autopayEnrollments: canReadTenant,
    // Generated documents (board packets, CPA packages): everyone who reads the books, viewers
    // too, may list and download them.
    documents: canReadTenant,
    document: canReadTenant,
    boardPacket: canReadTenant,
    varianceNotes: canReadTenant,
    boardPacketSettings: canReadTenant,
    // Owners' monthly statements: staff read any unit's, an owner only their own units' (the
    // service checks each unit id against the caller's).
    ownerStatements: or(canReadTenant, isUnitOwner),
    ownerStatement: or(canReadTenant, isUnitOwner),
    // The year-end statements (the CPA package's figures): everyone who reads the books.
    yearEndFiscalYears: canReadTenant,
    yearEndStatements: canReadTenant,
    dashboard: canReadTenant,
    cashFlow: canReadTenant,
    incomeExpenseFlow: canReadTenant,
    vendors: canReadTenant,
    vendor: canReadTenant,
    vendorSpend: canReadTenant,
    reserveComponents: canReadTenant,
    reserveComponent: canReadTenant,
    reserveStudy: canReadTenant,
    reserveProjection: canReadTenant,
    reserveSettings: canReadTenant,
    reserveComponentsTemplate: canReadTenant,
    investments: canReadTenant,
    investment: canReadTenant,
    investmentSummary: canReadTenant,
    // Banking: bank accounts, statements, matching, rules, reconciliations
    bankAccounts: canReadTenant,
    bankAccount: canReadTenant,
    bankStatements: canReadTenant,
    bankLines: canReadTenant,
    bankLineSuggestions: canReadTenant,
    bankRules: canReadTenant,
    bankRulePreview: canReadTenant,
    reconciliationWorksheet: canReadTenant,
    reconciliations: canReadTenant,
    reconciliationReport: canReadTenant,
    deposits: canReadTenant,
    deposit: canReadTenant,
    undepositedPayments: canReadTenant,
    undepositedFundsAccount: canReadTenant,
    // Payables: bills, the approval queue (the caller's own), the settings and the board.
    bills: canReadTenant,
    bill: canReadTenant,
    billApprovalQueue: canReadTenant,
    payablesSettings: canReadTenant,
    boardSeats: canReadTenant,
    billTemplates: canReadTenant,
    // Paying bills: vendor payments, payment runs, a bank account's check settings (the account
    // number only by its last four). The positive-pay file carries the whole account number the
    // bank matches checks by, so it is for those who pay the bills.
    billPayments: canReadTenant,
    billPayment: canReadTenant,
    paymentRuns: canReadTenant,
    paymentRun: canReadTenant,
    checkSettings: canReadTenant,
    positivePayFile: canWriteTenant,
    // Payables reports: everyone who reads the books (the 1099 year's whole tax ids are a field
    // rule below); the e-file CSV carries whole tax ids, so admins only.
    payablesAging: canReadTenant,
    checkRegister: canReadTenant,
    vendorLedger: canReadTenant,
    cashRequirements: canReadTenant,
    tax1099Year: canReadTenant,
    tax1099Csv: isTenantAdmin,
    // Closed periods: everyone reads which months are closed; closing and reopening are admins'.
    periods: canReadTenant,
    // Reads a file the caller uploads, so only those who may import one.
    bankCsvPreview: canWriteTenant,
    capitalProjects: canReadTenant,
    capitalProject: canReadTenant,
    capitalPlan: canReadTenant,
    cashForecast: canReadTenant,
    plannedInvestments: canReadTenant,
    planningSettings: canReadTenant,
    aiRecommendations: canReadTenant,
    aiRecommendation: canReadTenant,
    scenarios: canReadTenant,
    scenario: canReadTenant,
    scenarioComparison: canReadTenant,
    // Ideation: the service also refuses when the organization's flag is off.
    ideas: canReadTenant,
    // The onboarding checklist of the current organization (the caller's personal steps too)
    onboardingChecklist: canReadTenant,
    adminIdeas: isSuperadmin,
    adminIdeaOrganizations: isSuperadmin,
    // Admin panel: dashboard, users, email log (slice B)
    adminDashboard: isSuperadmin,
    adminUsers: isSuperadmin,
    adminUser: isSuperadmin,
    adminEmailLog: isSuperadmin,
    // Admin panel: tenant health (slice C)
    adminTenantHealth: isSuperadmin,
    // Admin panel: organizations (slice A)
    adminOrganizations: isSuperadmin,
    adminOrganization: isSuperadmin,
    // Admin panel: database clusters and fleet migrations
    adminClusters: isSuperadmin,
    adminFleetMigrations: isSuperadmin,
    // The owner portal: an owner's own units only (every id checked against the caller's units,
    // NOT_FOUND for any other); the association's published documents for members and owners.
    ownerPortal: isUnitOwner,
    ownerUnitLedger: isUnitOwner,
    ownerInvoices: isUnitOwner,
    ownerInvoice: isUnitOwner,
    ownerPayments: isUnitOwner,
    ownerPayment: isUnitOwner,
    publishedDocuments: or(canReadTenant, isUnitOwner),
    // Owners of units and the portal's contact details, as the treasurer manages them.
    unitOwners: canReadTenant,
    ownerPortalSettings: canReadTenant,
  },
  Mutation: {
    // Sessions and credentials
    login: allow,
    register: allow,
    // Self-service sign-up (rate limited like register; FORBIDDEN while sign-up is closed)
    startSignup: allow,
    refreshSession: allow,
    logout: allow,
    requestPasswordReset: allow,
    resetPassword: allow,
    acceptInvitation: allow,
    joinOrganization: isAuthenticated,
    changePassword: isAuthenticated,
    signOutEverywhere: isAuthenticated,
    switchOrganization: isAuthenticated,
    markIntroSeen: isAuthenticated,
    updateProfile: isAuthenticated,
    // The caller's personal API tokens
    createApiToken: isAuthenticated,
    revokeApiToken: isAuthenticated,
    // Two-step sign-in: the second step of `login` (proven by its challenge token), and the
    // caller's own authenticator app
    verifyMfa: allow,
    beginMfaSetup: isAuthenticated,
    confirmMfaSetup: isAuthenticated,
    disableMfa: isAuthenticated,
    regenerateRecoveryCodes: isAuthenticated,
    // Passkeys: signing in with one (proven by the signed challenge), and the caller's own list
    beginPasskeySignIn: allow,
    finishPasskeySignIn: allow,
    beginPasskeyRegistration: isAuthenticated,
    finishPasskeyRegistration: isAuthenticated,
    renamePasskey: isAuthenticated,
    deletePasskey: isAuthenticated,
    // Identity providers: starting a sign-in (proven at the provider), and the caller's own links
    beginSsoSignIn: allow,
    beginSsoLink: isAuthenticated,
    unlinkIdentity: isAuthenticated,
    // Platform administration
    impersonateUser: isSuperadmin,
    // Admin panel: users (slice B)
    setSuperadmin: isSuperadmin,
    stopImpersonating: isAuthenticated,
    // The current organization; each key of the patch has its own rule (organizationSettingRules).
    updateOrganizationSettings: canWriteTenant,
    // Stripe's billing portal for the current association (plan, card, invoices, cancel)
    createBillingPortalSession: isTenantAdmin,
    // Its admins for the current organization; super admins for any (the service checks which).
    updateOrganizationCalendar: or(isTenantAdmin, isSuperadmin),
    inviteMember: isTenantAdmin,
    updateMemberRole: isTenantAdmin,
    removeMember: isTenantAdmin,
    suspendMember: isTenantAdmin,
    reinstateMember: isTenantAdmin,
    resendInvitation: isTenantAdmin,
    issueInvitationLink: isTenantAdmin,
    // Tenant modules
    createAccount: canWriteTenant,
    updateAccount: canWriteTenant,
    archiveAccount: canWriteTenant,
    restoreAccount: canWriteTenant,
    importAccounts: canWriteTenant,
    addStandardChart: canWriteTenant,
    setAccountOpeningBalance: canWriteTenant,
    postJournalEntry: canWriteTenant,
    reverseJournalEntry: canWriteTenant,
    uploadAttachment: canWriteTenant,
    deleteAttachment: canWriteTenant,
    createPropertyType: canWriteTenant,
    renamePropertyType: canWriteTenant,
    deletePropertyType: canWriteTenant,
    createAssessmentGroup: canWriteTenant,
    updateAssessmentGroup: canWriteTenant,
    deleteAssessmentGroup: canWriteTenant,
    updateReceivablesSettings: canWriteTenant,
    createUnit: canWriteTenant,
    updateUnit: canWriteTenant,
    deleteUnit: canWriteTenant,
    importUnits: canWriteTenant,
    importJournalEntries: canWriteTenant,
    generateAssessmentInvoices: canWriteTenant,
    createInvoice: canWriteTenant,
    voidInvoice: canWriteTenant,
    writeOffInvoice: canWriteTenant,
    setUnitOpeningBalance: canWriteTenant,
    importOpeningBalances: canWriteTenant,
    recordPayment: canWriteTenant,
    voidPayment: canWriteTenant,
    assessLateFees: canWriteTenant,
    // Schedule or pause the association's automation (treasurers and admins)
    updateAutomation: canWriteTenant,
    retryFailedEmail: isSuperadmin,
    saveBudget: canWriteTenant,
    importBudget: canWriteTenant,
    saveMonthlyActuals: canWriteTenant,
    setActualsCashAccount: canWriteTenant,
    createVendor: canWriteTenant,
    updateVendor: canWriteTenant,
    deactivateVendor: canWriteTenant,
    reactivateVendor: canWriteTenant,
    createReserveComponent: canWriteTenant,
    updateReserveComponent: canWriteTenant,
    deleteReserveComponent: canWriteTenant,
    updateReserveSettings: canWriteTenant,
    importReserveComponents: canWriteTenant,
    purchaseInvestment: canWriteTenant,
    setBankAccount: canWriteTenant,
    setUndepositedFundsAccount: canWriteTenant,
    createDeposit: canWriteTenant,
    voidDeposit: canWriteTenant,
    // The association's Stripe account and fee policy: its admins. An owner pays toward their own
    // unit (a read-only API token cannot).
    connectStripeAccount: isTenantAdmin,
    updateOnlinePaymentsSettings: isTenantAdmin,
    startOwnerPayment: and(isUnitOwner, notReadOnlyToken),
    startAutopaySetup: and(isUnitOwner, notReadOnlyToken),
    updateAutopay: and(isUnitOwner, notReadOnlyToken),
    cancelAutopay: and(isUnitOwner, notReadOnlyToken),
    createBill: canWriteTenant,
    voidBill: canWriteTenant,
    // A board member's own decision, viewers with a seat included (VIEWER_MUTATION_ALLOW_LIST);
    // the service requires an approving seat. Not while the books are read-only.
    approveBill: and(canReadTenant, notReadOnly),
    rejectBill: and(canReadTenant, notReadOnly),
    updatePayablesSettings: isTenantAdmin,
    setBoardSeat: isTenantAdmin,
    createBillTemplate: canWriteTenant,
    updateBillTemplate: canWriteTenant,
    deleteBillTemplate: canWriteTenant,
    enterRecurringBills: canWriteTenant,
    createPaymentRun: canWriteTenant,
    voidBillPayment: canWriteTenant,
    printChecks: canWriteTenant,
    // The account number is sealed: admins set it.
    setCheckSettings: isTenantAdmin,
    removeBankAccount: canWriteTenant,
    importBankStatement: canWriteTenant,
    matchBankLines: canWriteTenant,
    unmatchBankLines: canWriteTenant,
    autoMatchBankLines: canWriteTenant,
    postBankLine: canWriteTenant,
    createBankRule: canWriteTenant,
    updateBankRule: canWriteTenant,
    deleteBankRule: canWriteTenant,
    reorderBankRules: canWriteTenant,
    applyBankRules: canWriteTenant,
    finishReconciliation: canWriteTenant,
    // The board packet: generating it and the treasurer's notes are writers' (viewers read and
    // download what was generated).
    generateBoardPacket: canWriteTenant,
    setVarianceNote: canWriteTenant,
    updateBoardPacketSettings: canWriteTenant,
    // The CPA package of a closed fiscal year: writers generate it; viewers download it.
    generateCpaPackage: canWriteTenant,
    // Unlocks what a board reviewed: admins only, with a reason (audited).
    undoReconciliation: isTenantAdmin,
    // Closing locks what the board approves; reopening unlocks it (with a reason, audited).
    closeMonth: isTenantAdmin,
    closeFiscalYear: isTenantAdmin,
    reopenMonth: isTenantAdmin,
    recordInvestmentInterest: canWriteTenant,
    matureInvestment: canWriteTenant,
    redeemInvestment: canWriteTenant,
    updateInvestment: canWriteTenant,
    discardPlannedInvestment: canWriteTenant,
    // Viewers may ask (the allow-list below); turning advice into a draft is a write.
    requestAiRecommendation: canReadTenant,
    addRecommendationToPlan: canWriteTenant,
    setPlanningRates: isTenantAdmin,
    createCapitalProject: canWriteTenant,
    updateCapitalProject: canWriteTenant,
    deleteCapitalProject: canWriteTenant,
    moveCapitalProject: canWriteTenant,
    linkCapitalProjectEntry: canWriteTenant,
    unlinkCapitalProjectEntry: canWriteTenant,
    createScenario: canWriteTenant,
    updateScenario: canWriteTenant,
    duplicateScenario: canWriteTenant,
    deleteScenario: canWriteTenant,
    executeScenarioInvestment: canWriteTenant,
    // Ideation: the service also refuses when the organization's flag is off.
    submitIdea: canWriteTenant,
    // Hiding or restoring the caller's own checklist card: viewers too (the allow-list below).
    updateOnboardingChecklist: canReadTenant,
    setIdeaStatus: isSuperadmin,
    setIdeaAdminNote: isSuperadmin,
    // Admin panel: organizations (slice A)
    createTenant: isSuperadmin,
    setOrganizationStatus: isSuperadmin,
    updateOrganizationPlan: isSuperadmin,
    adminUpdateOrganizationSettings: isSuperadmin,
    // Owners of units: invited from a unit or the units CSV, removed from a unit; what owners
    // read in the portal (contact details: admins; published documents: writers).
    inviteOwner: canWriteTenant,
    inviteOwnersFromCsv: canWriteTenant,
    removeUnitOwner: canWriteTenant,
    updateOwnerPortalSettings: isTenantAdmin,
    publishDocument: canWriteTenant,
    unpublishDocument: canWriteTenant,
  },
};

// Field rules on non-root types (e.g. private admin notes) go here, type by type.
export const fieldRules: Record<string, Record<string, ShieldRule>> = {
  // A vendor's whole tax id (the 1099 report): organization admins only. A type with rules falls
  // back to deny, so its other fields are listed as open.
  Vendor1099Row: {
    vendor: allow,
    paid: allow,
    entryCount: allow,
    overThreshold: allow,
    taxId: isTenantAdmin,
  },
  // The same for the 1099-NEC year's rows.
  Tax1099Row: {
    vendor: allow,
    taxIdLast4: allow,
    paid: allow,
    directPaid: allow,
    cardPaid: allow,
    reportable: allow,
    paymentCount: allow,
    entryCount: allow,
    overThreshold: allow,
    missingTaxId: allow,
    taxId: isTenantAdmin,
  },
  // An idea's private admin note (sprint references, follow-ups): never to tenant users.
  Idea: {
    id: allow,
    organizationId: allow,
    organizationName: allow,
    submittedBy: allow,
    title: allow,
    description: allow,
    status: allow,
    adminNote: isSuperadmin,
    createdAt: allow,
    updatedAt: allow,
  },
};

// Who may set which key of an organization's settings (updateOrganizationSettings; the keys are
// declared in platform/organizations/organizations.inputs.ts, a test holds the two equal). The
// mutation's own rule comes first; then every key sent must pass its rule here.
export const organizationSettingRules: Readonly<Record<string, ShieldRule>> = {
  // The setup wizard: anyone who can write runs it (viewers skip it).
  onboardingComplete: canWriteTenant,
  requireMfa: isTenantAdmin,
  locale: isTenantAdmin,
  currency: isTenantAdmin,
  // A feature the platform turns on for an association, not the association itself.
  ideationEnabled: isSuperadmin,
};

// Rules on the keys of an argument, after the field's own rule.
const argumentKeyRules: Record<
  string,
  { arg: string; keys: Readonly<Record<string, ShieldRule>> }
> = { updateOrganizationSettings: { arg: 'patch', keys: organizationSettingRules } };

// Mutations a viewer may call: the spec's three, and a board member's decision on a bill. Every
// other mutation also passes the viewer write guard, except the caller's own credentials and own
// choices (the two lists below).
//
// Payables adds the board's decisions on bills (issue #45: "viewers who hold a board seat may
// approve without other write rights"):
// - approveBill, rejectBill: a board member's own decision on a bill, recorded with who, when and
//   from where. The rule lets any reader of the books call them; the service refuses everyone but
//   members holding a board seat the approval policy names (an admin gives seats), the person who
//   entered the bill, a second decision by the same person, read-only API tokens and impersonated
//   sessions. They change no figure of the books: a decision only says whether a bill may be paid.
export const VIEWER_MUTATION_ALLOW_LIST = [
  'switchOrganization',
  'markIntroSeen',
  'requestAiRecommendation',
  'approveBill',
  'rejectBill',
] as const;

// Mutations that change only the caller's own view of an organization, a row keyed by their user
// that no other member sees and nothing of the association's (books, settings, members) reads:
// a viewer makes these choices too, like a credential mutation, though within an organization.
// - updateOnboardingChecklist: hides or brings back the caller's own setup checklist card
//   (onboarding_checklist_dismissals, one row per organization and user); the steps themselves
//   are ticked by what is done in the books, never by this.
export const OWN_CHOICE_MUTATIONS = ['updateOnboardingChecklist'] as const;

// Mutations an association's admins may still call once its books are read-only (a lapsed
// subscription): the way back to paying. Viewers are refused as for any other mutation.
export const READ_ONLY_MUTATION_ALLOW_LIST = ['createBillingPortalSession'] as const;

// Mutations that act on the caller's own credentials or session, authenticated by a password,
// cookie or emailed token rather than by the viewer's role in an organization: a read-only viewer
// can still sign in and out, keep the session alive, and change or reset their own password.
export const CREDENTIAL_MUTATIONS = [
  'login',
  'register',
  'startSignup',
  'refreshSession',
  'logout',
  'requestPasswordReset',
  'resetPassword',
  'acceptInvitation',
  // The invitee's own decision, proven by the emailed token; their role elsewhere does not matter.
  'joinOrganization',
  'changePassword',
  // The caller's own name, not anything of an organization's.
  'updateProfile',
  'signOutEverywhere',
  'stopImpersonating',
  // The caller's own personal API tokens (a viewer may have read-only ones).
  'createApiToken',
  'revokeApiToken',
  // Two-step sign-in: the second step of signing in, and the caller's own authenticator app.
  'verifyMfa',
  'beginMfaSetup',
  'confirmMfaSetup',
  'disableMfa',
  'regenerateRecoveryCodes',
  // Passkeys: signing in with one, and the caller's own passkeys.
  'beginPasskeySignIn',
  'finishPasskeySignIn',
  'beginPasskeyRegistration',
  'finishPasskeyRegistration',
  'renamePasskey',
  'deletePasskey',
  // Identity providers: signing in with one, and the caller's own linked accounts.
  'beginSsoSignIn',
  'beginSsoLink',
  'unlinkIdentity',
] as const;

// What a request made with a personal API token may never call: every credential mutation (so a
// token cannot sign in, mint sessions or tokens, or change a password; a new entry above is
// covered by itself), moving to another organization (a token is for one), and the token list.
// Super-admin rules refuse API tokens themselves (rules.ts).
export const API_TOKEN_REFUSED: Record<'Query' | 'Mutation', readonly string[]> = {
  Query: ['apiTokens'],
  // The billing portal's URL is a credential for the association's payment details: browsers only.
  Mutation: [...CREDENTIAL_MUTATIONS, 'switchOrganization', 'createBillingPortalSession'],
};

function ruleTree() {
  const query: Record<string, ShieldRule> = {};
  for (const [field, r] of Object.entries(permissionTable.Query)) {
    query[field] = API_TOKEN_REFUSED.Query.includes(field) ? and(notApiToken, r) : r;
  }
  const mutation: Record<string, ShieldRule> = {};
  const exempt: readonly string[] = [
    ...VIEWER_MUTATION_ALLOW_LIST,
    ...OWN_CHOICE_MUTATIONS,
    ...CREDENTIAL_MUTATIONS,
  ];
  for (const [field, r] of Object.entries(permissionTable.Mutation)) {
    const allowed = exempt.includes(field);
    // Platform administration is not the caller's organization's write: a lapsed subscription of
    // the super admin's own association does not stop it.
    const guarded = allowed
      ? r
      : r === isSuperadmin || (READ_ONLY_MUTATION_ALLOW_LIST as readonly string[]).includes(field)
        ? and(notViewer, r)
        : and(notViewer, notReadOnly, notMoving, r);
    const keyed = argumentKeyRules[field];
    const checked = keyed ? and(guarded, eachKeyOf(keyed.arg, keyed.keys)) : guarded;
    mutation[field] = API_TOKEN_REFUSED.Mutation.includes(field)
      ? and(notApiToken, checked)
      : checked;
  }
  return {
    Query: { '*': deny, ...query },
    Mutation: { '*': deny, ...mutation },
    ...fieldRules,
  };
}

export function applyPermissions(schema: GraphQLSchema): GraphQLSchema {
  const tree = ruleTree();
  const generator = shield(tree, {
    fallbackRule: deny,
    fallbackError: () => forbidden(),
    allowExternalErrors: true,
  });
  // Shield would wrap every field of every type in an async middleware; only the types that have
  // rules need it, so the rest of the tree resolves at full speed.
  const all = generator.generate(schema) as Record<string, unknown>;
  const used = Object.fromEntries(Object.keys(tree).map((t) => [t, all[t]]));
  return applyMiddleware(schema, used as never);
}

// The field rules above, decided before a mutation runs (field-guard.ts): a mutation that selects
// a field its caller may not read is refused whole, with nothing written.
export function fieldPermissionGuard<C extends BaseContext>(): ApolloServerPlugin<C> {
  return fieldRulesGuard<C>(fieldRules);
}
