import { WRITER_ROLES } from '@covenant/shared/roles';
import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/transactions',
    name: 'transactions',
    component: () => import('./views/TransactionsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Transactions' },
  },
  {
    path: '/transactions/new',
    name: 'new-transaction',
    component: () => import('./views/NewJournalEntryPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      // Viewers cannot post: they are sent home rather than shown a form they cannot submit.
      roles: WRITER_ROLES,
      title: 'New journal entry',
      nav: 'transactions',
    },
  },
  {
    path: '/transactions/:id',
    name: 'transaction',
    component: () => import('./views/JournalEntryPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'Journal entry',
      nav: 'transactions',
    },
  },
];

export default routes;
