import { WRITER_ROLES } from '@covenant/shared/roles';
import type { RouteRecordRaw } from 'vue-router';

const writers = { roles: WRITER_ROLES };

const routes: RouteRecordRaw[] = [
  {
    path: '/invoices',
    name: 'invoices',
    component: () => import('./views/InvoicesPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Invoices' },
  },
  {
    path: '/invoices/run',
    name: 'assessment-run',
    component: () => import('./views/AssessmentRunPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      title: 'Generate invoices',
      nav: 'invoices',
    },
  },
  {
    path: '/invoices/late-fees',
    name: 'late-fees',
    component: () => import('./views/LateFeeRunPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Late fees' },
  },
  {
    path: '/invoices/new',
    name: 'new-invoice',
    component: () => import('./views/NewInvoicePage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      ...writers,
      title: 'New invoice',
      nav: 'invoices',
    },
  },
  {
    path: '/invoices/:id',
    name: 'invoice',
    component: () => import('./views/InvoicePage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Invoice', nav: 'invoices' },
  },
];

export default routes;
