import type { Role } from '@/apollo/types';

// Route meta read by the guards and App.vue. Every feature's routes.ts sets these.
declare module 'vue-router' {
  interface RouteMeta {
    /** Needs a signed-in user. */
    requiresAuth?: boolean;
    /** Only for guests (the login page): a signed-in user is sent home. */
    guestOnly?: boolean;
    /** A tenant page: needs a current organization. */
    requiresOrganization?: boolean;
    /** Only these roles in the current organization (e.g. ['ADMIN'] for member management). */
    roles?: readonly Role[];
    /** A page of the ideation feature: needs the organization's settings.ideationEnabled. */
    ideation?: boolean;
    /** Platform administration: needs `isSuperadmin`. */
    superAdmin?: boolean;
    /** 'app' (default) renders inside AppLayout; 'blank' renders the page alone. */
    layout?: 'app' | 'blank';
    /** Page title, shown in the browser tab as "<title> · Covenant". */
    title?: string;
    /**
     * The sidebar entry (its route name) a page belongs to when it is not that entry's own route,
     * e.g. an account's ledger highlights "Accounts".
     */
    nav?: string;
  }
}

export {};
