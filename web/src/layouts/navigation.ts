// The sidebar's map of the product. An item with a `route` is a real page; an item without one is
// planned and rendered disabled ("Soon") so nobody lands on a fake page.

export interface NavItem {
  label: string;
  icon: string;
  /** Route name; absent while the module is not built yet. */
  route?: string;
  /** A per-organization feature: shown only when the organization's settings turn it on. */
  setting?: 'ideationEnabled';
  /** A page only members who write may open (viewers would be sent home): hidden from viewers. */
  writers?: boolean;
  /** Where the intro tour points (`data-tour`); stable, whatever the label says. */
  tour?: string;
}

export interface NavSection {
  id: string;
  label: string;
  /**
   * Tenant sections need a current organization; 'tenant-admin' ones also the ADMIN role there;
   * Admin needs a super admin.
   */
  audience: 'tenant' | 'tenant-admin' | 'superadmin';
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    id: 'financials',
    label: 'Financials',
    audience: 'tenant',
    items: [
      { label: 'Dashboard', icon: 'pi pi-th-large', route: 'dashboard', tour: 'dashboard' },
      { label: 'Accounts', icon: 'pi pi-list', route: 'accounts', tour: 'accounts' },
      { label: 'Budgets', icon: 'pi pi-chart-bar', route: 'budgets', tour: 'budgets' },
      { label: 'Monthly Actuals', icon: 'pi pi-table', route: 'monthly-actuals' },
    ],
  },
  {
    id: 'assessments',
    label: 'Assessments',
    audience: 'tenant',
    items: [
      {
        label: 'Assessment Groups',
        icon: 'pi pi-sitemap',
        route: 'assessment-groups',
        tour: 'assessments',
      },
      { label: 'Units', icon: 'pi pi-home', route: 'units' },
      { label: 'Invoices', icon: 'pi pi-file', route: 'invoices' },
      { label: 'Late Fees', icon: 'pi pi-stopwatch', route: 'late-fees' },
      { label: 'Automation', icon: 'pi pi-calendar-clock', route: 'automation' },
    ],
  },
  {
    id: 'transactions',
    label: 'Transactions',
    audience: 'tenant',
    items: [
      {
        label: 'Transactions',
        icon: 'pi pi-arrow-right-arrow-left',
        route: 'transactions',
        tour: 'transactions',
      },
      { label: 'Payments', icon: 'pi pi-credit-card', route: 'payments' },
      { label: 'Online payments', icon: 'pi pi-globe', route: 'online-payments' },
      { label: 'Vendors', icon: 'pi pi-briefcase', route: 'vendors' },
    ],
  },
  {
    id: 'payables',
    label: 'Payables',
    audience: 'tenant',
    items: [
      { label: 'Bills', icon: 'pi pi-receipt', route: 'bills' },
      { label: 'Approvals', icon: 'pi pi-check-square', route: 'bill-approvals' },
      { label: 'Pay bills', icon: 'pi pi-send', route: 'new-payment-run', writers: true },
      { label: 'Payment runs', icon: 'pi pi-history', route: 'payment-runs' },
    ],
  },
  {
    id: 'banking',
    label: 'Banking',
    audience: 'tenant',
    items: [
      { label: 'Bank Accounts', icon: 'pi pi-building-columns', route: 'banking' },
      { label: 'Deposits', icon: 'pi pi-inbox', route: 'deposits' },
      { label: 'Close the Books', icon: 'pi pi-lock', route: 'periods' },
    ],
  },
  {
    id: 'planning',
    label: 'Planning',
    audience: 'tenant',
    items: [
      { label: 'Reserves', icon: 'pi pi-shield', route: 'reserves' },
      { label: 'Investments', icon: 'pi pi-chart-line', route: 'investments' },
      { label: 'Capital Projects', icon: 'pi pi-building', route: 'capital-projects' },
      {
        label: 'AI Investment Planning',
        icon: 'pi pi-sparkles',
        route: 'ai-planning',
        tour: 'ai-planning',
      },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    audience: 'tenant',
    items: [
      { label: 'All reports', icon: 'pi pi-folder-open', route: 'reports', tour: 'reports' },
      { label: 'Documents', icon: 'pi pi-file-pdf', route: 'documents' },
      { label: 'Balance Sheet', icon: 'pi pi-building-columns', route: 'balance-sheet' },
      { label: 'Income Statement', icon: 'pi pi-chart-line', route: 'income-statement' },
      { label: 'Trial Balance', icon: 'pi pi-calculator', route: 'trial-balance' },
      { label: 'Budget vs Actual', icon: 'pi pi-percentage', route: 'budget-vs-actual' },
      { label: 'Aging', icon: 'pi pi-clock', route: 'aging' },
      { label: 'Income and Expense Flow', icon: 'pi pi-wave-pulse', route: 'income-expense-flow' },
    ],
  },
  {
    id: 'feedback',
    label: 'Feedback',
    audience: 'tenant',
    items: [
      { label: 'Ideas', icon: 'pi pi-lightbulb', route: 'ideas', setting: 'ideationEnabled' },
    ],
  },
  {
    id: 'organization',
    label: 'Organization',
    audience: 'tenant-admin',
    items: [
      { label: 'Members', icon: 'pi pi-users', route: 'members' },
      { label: 'Settings', icon: 'pi pi-cog', route: 'organization-settings' },
      { label: 'Billing', icon: 'pi pi-wallet', route: 'billing' },
    ],
  },
  {
    id: 'admin',
    label: 'Admin',
    audience: 'superadmin',
    items: [
      { label: 'Dashboard', icon: 'pi pi-th-large', route: 'platform-home' },
      { label: 'Organizations', icon: 'pi pi-building-columns', route: 'admin-organizations' },
      { label: 'Users', icon: 'pi pi-users', route: 'admin-users' },
      { label: 'Tenant Health', icon: 'pi pi-heart', route: 'admin-health' },
      { label: 'Clusters', icon: 'pi pi-server', route: 'admin-clusters' },
      { label: 'Idea Submissions', icon: 'pi pi-lightbulb', route: 'admin-ideas' },
      { label: 'Email log', icon: 'pi pi-envelope', route: 'admin-emails' },
      { label: 'Email delivery', icon: 'pi pi-send', route: 'admin-email-delivery' },
    ],
  },
];

export function visibleSections(options: {
  hasOrganization: boolean;
  isSuperadmin: boolean;
  isOrganizationAdmin?: boolean;
  /** The caller writes in the current organization (false: a viewer). */
  canWrite?: boolean;
  /** The current organization's settings (per-organization features such as ideation). */
  settings?: Record<string, unknown> | null;
}): NavSection[] {
  return NAV_SECTIONS.filter((s) => {
    if (s.audience === 'tenant') return options.hasOrganization;
    if (s.audience === 'tenant-admin')
      return options.hasOrganization && !!options.isOrganizationAdmin;
    return options.isSuperadmin;
  })
    .map((s) => ({
      ...s,
      items: s.items.filter(
        (i) =>
          (!i.setting || options.settings?.[i.setting] === true) &&
          (!i.writers || options.canWrite !== false),
      ),
    }))
    .filter((s) => s.items.length > 0);
}
