// A member's role in one association. GraphQL names a role by its key (ADMIN, USER, VIEWER); the
// platform database stores its value.
export enum Role {
  ADMIN = 'admin',
  USER = 'user',
  VIEWER = 'viewer',
}

/** A role as GraphQL (and so the web app) names it. */
export type RoleName = keyof typeof Role;

/** What people read: a USER is a "Member". */
export const ROLE_LABELS: Readonly<Record<RoleName, string>> = {
  ADMIN: 'Admin',
  USER: 'Member',
  VIEWER: 'Viewer',
};

/** The roles that may change an association's books; a viewer only reads them. */
export const WRITER_ROLES: readonly RoleName[] = ['ADMIN', 'USER'];

export function canWrite(role: RoleName | null | undefined): boolean {
  return !!role && WRITER_ROLES.includes(role);
}
