import type { RouteRecordRaw } from 'vue-router';

// Public: the pricing page, sign-up, and the page that waits while an association is set up.
const routes: RouteRecordRaw[] = [
  {
    path: '/pricing',
    name: 'pricing',
    component: () => import('./views/PricingPage.vue'),
    meta: { layout: 'blank', title: 'Pricing' },
  },
  {
    path: '/signup',
    name: 'signup',
    component: () => import('./views/SignupPage.vue'),
    meta: { layout: 'blank', title: 'Sign up' },
  },
  {
    path: '/signup/setting-up',
    name: 'signup-setting-up',
    component: () => import('./views/SettingUpPage.vue'),
    meta: { layout: 'blank', title: 'Setting up your association' },
  },
];

export default routes;
