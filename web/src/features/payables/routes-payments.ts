import type { RouteRecordRaw } from 'vue-router';

// Payment runs, checks and the payables reports: their pages, spread into routes.ts.
export const paymentRoutes: RouteRecordRaw[] = [];
