import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/reports',
    name: 'reports',
    component: () => import('./views/ReportsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Reports' },
  },
  {
    path: '/reports/balance-sheet',
    name: 'balance-sheet',
    component: () => import('./views/BalanceSheetPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Balance Sheet' },
  },
  {
    path: '/reports/income-statement',
    name: 'income-statement',
    component: () => import('./views/IncomeStatementPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Income Statement' },
  },
  {
    path: '/reports/1099',
    name: 'vendor-1099',
    component: () => import('./views/Vendor1099Page.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: '1099 Report', nav: 'reports' },
  },
  {
    path: '/reports/board-packet',
    name: 'board-packet',
    component: () => import('./views/BoardPacketPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Board Packet', nav: 'reports' },
  },
  {
    path: '/reports/trial-balance',
    name: 'trial-balance',
    component: () => import('./views/TrialBalancePage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Trial Balance' },
  },
  {
    path: '/reports/budget-vs-actual',
    name: 'budget-vs-actual',
    // ApexCharts loads with this page only (it is large).
    component: () => import('./views/BudgetVsActualPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Budget vs Actual' },
  },
  {
    path: '/reports/income-expense-flow',
    name: 'income-expense-flow',
    // ECharts loads with this page only, inside its chart component.
    component: () => import('./views/IncomeExpenseFlowPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Income and Expense Flow' },
  },
  // Its old address (it was called "Cash Flow", which it is not): bookmarks keep their period.
  {
    path: '/reports/cash-flow',
    redirect: (to) => ({ name: 'income-expense-flow', query: to.query, hash: to.hash }),
  },
  {
    path: '/reports/aging',
    name: 'aging',
    component: () => import('./views/AgingReportPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Aging' },
  },
];

export default routes;
