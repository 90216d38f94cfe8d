import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/login',
    name: 'login',
    component: () => import('./views/LoginPage.vue'),
    meta: { guestOnly: true, layout: 'blank', title: 'Sign in' },
  },
  // Public: reached from emails, whether or not someone is signed in on this browser.
  {
    path: '/forgot-password',
    name: 'forgot-password',
    component: () => import('./views/ForgotPasswordPage.vue'),
    meta: { layout: 'blank', title: 'Reset your password' },
  },
  {
    path: '/reset-password',
    name: 'reset-password',
    component: () => import('./views/ResetPasswordPage.vue'),
    meta: { layout: 'blank', title: 'Choose a new password' },
  },
  {
    path: '/activate',
    name: 'activate',
    component: () => import('./views/ActivateInvitationPage.vue'),
    meta: { layout: 'blank', title: 'Accept invitation' },
  },
  {
    path: '/no-organization',
    name: 'no-organization',
    component: () => import('./views/NoOrganizationPage.vue'),
    meta: { requiresAuth: true, layout: 'blank', title: 'No association' },
  },
];

export default routes;
