import type { RouteRecordRaw } from 'vue-router';

// The admin panel's Dashboard, Users and its email pages; the other tabs bring their own routes.
const routes: RouteRecordRaw[] = [
  {
    path: '/admin',
    name: 'platform-home',
    component: () => import('./views/PlatformHomePage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Platform administration' },
  },
  {
    path: '/admin/users',
    name: 'admin-users',
    component: () => import('./views/AdminUsersPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Users' },
  },
  {
    path: '/admin/users/:id',
    name: 'admin-user',
    component: () => import('./views/AdminUserPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'User', adminTab: 'admin-users' },
  },
  {
    path: '/admin/emails',
    name: 'admin-emails',
    component: () => import('./views/AdminEmailsPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Email log' },
  },
  {
    path: '/admin/email-delivery',
    name: 'admin-email-delivery',
    component: () => import('./views/AdminEmailDeliveryPage.vue'),
    meta: { requiresAuth: true, superAdmin: true, title: 'Email delivery' },
  },
];

export default routes;
