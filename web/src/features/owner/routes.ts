import type { RouteRecordRaw } from 'vue-router';

// The owner portal: an OWNER's only pages (the guards send an owner nowhere else among the
// association's, and keep staff out of these). App.vue shows them in the owner's own layout.
const owner = { requiresAuth: true, requiresOrganization: true, roles: ['OWNER'] } as const;

const routes: RouteRecordRaw[] = [
  {
    path: '/owner',
    name: 'owner-home',
    component: () => import('./views/OwnerHomePage.vue'),
    meta: { ...owner, title: 'Home' },
  },
  {
    path: '/owner/units/:unitId',
    name: 'owner-unit',
    component: () => import('./views/OwnerUnitPage.vue'),
    meta: { ...owner, title: 'Your unit', nav: 'owner-home' },
  },
  {
    path: '/owner/units/:unitId/pay',
    name: 'owner-pay',
    component: () => import('./views/OwnerPayPage.vue'),
    meta: { ...owner, title: 'Make a payment', nav: 'owner-home' },
  },
  {
    path: '/owner/statements',
    name: 'owner-statements',
    component: () => import('./views/OwnerStatementsPage.vue'),
    meta: { ...owner, title: 'Statements' },
  },
  {
    path: '/owner/documents',
    name: 'owner-documents',
    component: () => import('./views/OwnerDocumentsPage.vue'),
    meta: { ...owner, title: 'Documents' },
  },
  {
    path: '/owner/profile',
    name: 'owner-profile',
    component: () => import('./views/OwnerProfilePage.vue'),
    meta: { ...owner, title: 'Profile' },
  },
];

export default routes;
