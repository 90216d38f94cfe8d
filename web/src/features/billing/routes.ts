import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/billing',
    name: 'billing',
    component: () => import('./views/BillingPage.vue'),
    // Stripe's billing portal returns here; its admins manage the subscription.
    meta: { requiresAuth: true, requiresOrganization: true, roles: ['ADMIN'], title: 'Billing' },
  },
];

export default routes;
