// A member's role in one association. GraphQL names a role by its key (ADMIN, USER, VIEWER,
// OWNER); the platform database stores its value.
export enum Role {
  ADMIN = 'admin',
  USER = 'user',
  VIEWER = 'viewer',
  // A homeowner: reaches only the owner portal, for the units they are bound to (co-owners share
  // a unit); nothing else of the association.
  OWNER = 'owner',
}

/** A role as GraphQL (and so the web app) names it. */
export type RoleName = keyof typeof Role;

/** What people read: a USER is a "Member". */
export const ROLE_LABELS: Readonly<Record<RoleName, string>> = {
  ADMIN: 'Admin',
  USER: 'Member',
  VIEWER: 'Viewer',
  OWNER: 'Owner',
};

/** The roles that may change an association's books; a viewer only reads them. */
export const WRITER_ROLES: readonly RoleName[] = ['ADMIN', 'USER'];

/** The association's own people (the treasurer's app); an owner has the owner portal instead. */
export const STAFF_ROLES: readonly RoleName[] = ['ADMIN', 'USER', 'VIEWER'];

export function canWrite(role: RoleName | null | undefined): boolean {
  return !!role && WRITER_ROLES.includes(role);
}

export function isStaff(role: RoleName | null | undefined): boolean {
  return !!role && STAFF_ROLES.includes(role);
}
