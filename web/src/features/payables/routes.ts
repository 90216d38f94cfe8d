import { WRITER_ROLES } from '@covenant/shared/roles';
import type { RouteRecordRaw } from 'vue-router';
import { paymentRoutes } from './routes-payments';

const tenant = { requiresAuth: true, requiresOrganization: true } as const;

const routes: RouteRecordRaw[] = [
  {
    path: '/bills',
    name: 'bills',
    component: () => import('./views/BillsPage.vue'),
    meta: { ...tenant, title: 'Bills' },
  },
  {
    path: '/bills/new',
    name: 'new-bill',
    component: () => import('./views/BillNewPage.vue'),
    // Viewers cannot enter bills: they are sent home rather than shown a form they cannot submit.
    meta: { ...tenant, roles: WRITER_ROLES, title: 'New bill', nav: 'bills' },
  },
  {
    path: '/bills/:id',
    name: 'bill',
    component: () => import('./views/BillPage.vue'),
    meta: { ...tenant, title: 'Bill', nav: 'bills' },
  },
  {
    // Board members decide here, viewers with a board seat included.
    path: '/approvals',
    name: 'bill-approvals',
    component: () => import('./views/ApprovalsPage.vue'),
    meta: { ...tenant, title: 'Approvals' },
  },
  ...paymentRoutes,
];

export default routes;
