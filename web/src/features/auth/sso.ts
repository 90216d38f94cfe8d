// What the API's SSO callback reports on the page it lands on (?sso=<outcome>&provider=<id>).

const NAMES: Record<string, string> = { google: 'Google', microsoft: 'Microsoft' };

export function providerName(id: unknown): string {
  return (typeof id === 'string' && NAMES[id]) || 'the identity provider';
}

export interface SsoNotice {
  severity: 'success' | 'error' | 'secondary';
  text: string;
}

/** The login page's words for a refused sign-in. */
export function signInNotice(outcome: unknown, provider: unknown): SsoNotice | null {
  const name = providerName(provider);
  switch (outcome) {
    case 'not-linked':
      return {
        severity: 'error',
        text: `That ${name} account is not linked to a Covenant user. Sign in another way, then link it on your Security page.`,
      };
    case 'state-mismatch':
      return {
        severity: 'error',
        text: 'That sign-in could not be completed: it expired or was started in another browser. Please try again.',
      };
    case 'cancelled':
      return { severity: 'secondary', text: `Sign-in with ${name} was cancelled.` };
    case 'unavailable':
      return {
        severity: 'error',
        text: `${name} sign-in is not available right now. Try again shortly, or sign in another way.`,
      };
    case 'no-organization':
      return {
        severity: 'error',
        text: 'None of your associations is active. Contact your association administrator.',
      };
    case 'failed':
      return {
        severity: 'error',
        text: `${name} did not confirm the sign-in. Please try again.`,
      };
    default:
      return null;
  }
}

/** The Security page's words for the end of linking an account. */
export function linkNotice(outcome: unknown, provider: unknown): SsoNotice | null {
  const name = providerName(provider);
  switch (outcome) {
    case 'linked':
      return {
        severity: 'success',
        text: `Your ${name} account is linked. You can now sign in with it.`,
      };
    case 'taken':
      return {
        severity: 'error',
        text: `That ${name} account is already linked to another Covenant user, so it was not linked to yours.`,
      };
    case 'already-linked':
      return {
        severity: 'error',
        text: `You already have a ${name} account linked. Unlink it first to link another.`,
      };
    case 'cancelled':
      return { severity: 'secondary', text: `Linking your ${name} account was cancelled.` };
    case 'unavailable':
      return {
        severity: 'error',
        text: `${name} cannot be reached right now. Try again shortly.`,
      };
    case 'failed':
      return {
        severity: 'error',
        text: `${name} did not confirm the account, so nothing was linked. Please try again.`,
      };
    default:
      return null;
  }
}
