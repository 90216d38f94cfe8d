import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/accounts',
    name: 'accounts',
    component: () => import('./views/AccountsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Accounts' },
  },
  {
    path: '/accounts/:id',
    name: 'account-ledger',
    component: () => import('./views/AccountLedgerPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'Account ledger',
      nav: 'accounts',
    },
  },
];

export default routes;
