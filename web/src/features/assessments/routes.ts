import { WRITER_ROLES } from '@covenant/shared/roles';
import type { RouteRecordRaw } from 'vue-router';

const routes: RouteRecordRaw[] = [
  {
    path: '/assessments/groups',
    name: 'assessment-groups',
    component: () => import('./views/AssessmentGroupsPage.vue'),
    meta: { requiresAuth: true, requiresOrganization: true, title: 'Assessment groups' },
  },
  {
    path: '/assessments/groups/new',
    name: 'new-assessment-group',
    component: () => import('./views/AssessmentGroupFormPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      roles: WRITER_ROLES,
      title: 'New assessment group',
      nav: 'assessment-groups',
    },
  },
  {
    path: '/assessments/groups/:id/edit',
    name: 'edit-assessment-group',
    component: () => import('./views/AssessmentGroupFormPage.vue'),
    meta: {
      requiresAuth: true,
      requiresOrganization: true,
      roles: WRITER_ROLES,
      title: 'Edit assessment group',
      nav: 'assessment-groups',
    },
  },
];

export default routes;
