import type { RouteRecordRaw } from 'vue-router';

// Every member reads the bank accounts, their statements and reconciliations; writers import,
// match and finish; undoing a finished reconciliation is for admins (the API says so too).
const routes: RouteRecordRaw[] = [
  {
    path: '/banking',
    name: 'banking',
    component: () => import('./views/BankAccountsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Banking' },
  },
  {
    path: '/banking/deposits',
    name: 'deposits',
    component: () => import('./views/DepositsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Deposits' },
  },
  {
    path: '/banking/reconciliations/:id/report',
    name: 'reconciliation-report',
    component: () => import('./views/ReconciliationReportPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Bank reconciliation' },
  },
  {
    path: '/banking/:accountId',
    name: 'bank-account',
    component: () => import('./views/BankAccountPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Bank account' },
  },
];

export default routes;
