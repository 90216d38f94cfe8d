// Labels and sums of the admin panel, kept out of the pages so they are tested on their own.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-04" → "Mar 4" (a UTC calendar day as the API counts it). */
export function dayLabel(date: string): string {
  const [, m = 1, d = 1] = date.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}`;
}

/** "2026-03" → "Mar 2026". */
export function monthLabel(month: string): string {
  const [y, m = 1] = month.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

export function total(points: { count: number }[]): number {
  return points.reduce((n, p) => n + p.count, 0);
}

/** "active" → "Active", "board_member" → "Board member", "ACTIVE" → "Active". */
export function humanize(key: string): string {
  const words = key.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each row's share of the largest, for the proportional bars of a breakdown (0 to 100). */
export function shares<T extends { count: number }>(rows: T[]): (T & { share: number })[] {
  const max = Math.max(0, ...rows.map((r) => r.count));
  return rows.map((r) => ({ ...r, share: max ? Math.round((r.count / max) * 100) : 0 }));
}

/** Login history methods in words. */
export function methodLabel(method: string): string {
  return (
    {
      password: 'Password sign-in',
      'password+totp': 'Password and authenticator code',
      'password+recovery-code': 'Password and recovery code',
      passkey: 'Passkey',
      'sso:google': 'Google',
      'sso:microsoft': 'Microsoft',
      switch: 'Organization switch',
      invitation: 'Accepted invitation',
      register: 'Registration',
      impersonation: 'Impersonated',
    }[method] ?? humanize(method)
  );
}

/** Why a super admin's access cannot be toggled here, or null when it can. */
export function superadminLockReason(
  user: { id: string; isPlatformOwner: boolean; isSuperadmin: boolean },
  selfId: string | null,
): string | null {
  if (user.isPlatformOwner) return "The platform owner's super admin access cannot be changed.";
  if (user.id === selfId && user.isSuperadmin) {
    return 'You cannot remove your own super admin access.';
  }
  return null;
}
