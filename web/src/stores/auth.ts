import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { apolloClient } from '@/apollo/client';
import type { SessionPayload, User } from '@/apollo/types';
import {
  FINISH_PASSKEY_SIGN_IN_MUTATION,
  LOGIN_MUTATION,
  LOGOUT_MUTATION,
  REFRESH_SESSION_MUTATION,
  VERIFY_MFA_MUTATION,
} from '@/apollo/session.graphql';
import type { LoginPayload, MfaChallenge } from '@/apollo/session.graphql';
import { lastOrganizationId, useOrganizationStore } from './organization';

// The access token lives in memory only. A reload gets a new one from the httpOnly refresh
// cookie the API set at sign-in (refreshSession on /auth/graphql); script never sees that cookie.

export type SessionData = SessionPayload;

export type SessionNotice = 'expired' | 'signed-out' | 'unreachable';

// Tabs of one browser share the refresh cookie, and the API revokes the whole sign-in when a
// rotated cookie is presented twice: several tabs restored at once must refresh one after the
// other (each then sends the cookie the previous one received). Web Locks span the tabs.
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? (locks.request('covenant.refresh-session', work) as Promise<T>) : work();
}

export const useAuthStore = defineStore('auth', () => {
  const accessToken = ref<string | null>(null);
  const user = ref<User | null>(null);
  /** Why the last session ended, shown once on the login page. */
  const notice = ref<SessionNotice | null>(null);
  /** Whether the start-up attempt to resume a session from the refresh cookie has been made. */
  const restoreAttempted = ref(false);

  const isAuthenticated = computed(() => accessToken.value !== null);
  const isSuperadmin = computed(() => user.value?.isSuperadmin === true);

  // Bumped whenever the session is replaced or cleared, so a refresh that was already on its way
  // cannot bring back a session the user has just signed out of.
  let epoch = 0;
  let refreshing: Promise<SessionPayload> | null = null;

  function setSession(session: SessionData): void {
    epoch += 1;
    accessToken.value = session.accessToken;
    user.value = session.user;
    notice.value = null;
    restoreAttempted.value = true;
    useOrganizationStore().setOrganizations(session.organization, session.organizations);
  }

  /**
   * Signs in with a password. With two-step sign-in on, nothing is signed in yet: the answer is
   * the challenge to finish with `verifyMfa`.
   */
  async function login(email: string, password: string): Promise<LoginPayload | MfaChallenge> {
    const client = apolloClient();
    // A new identity must never see the previous one's cached rows.
    await client.clearStore();
    const { data } = await client.mutate({
      mutation: LOGIN_MUTATION,
      variables: { email: email.trim(), password },
      fetchPolicy: 'no-cache',
    });
    if (!data) throw new Error('Empty login response');
    if (data.login.__typename === 'MfaChallenge') return data.login;
    setSession(data.login);
    return data.login;
  }

  /** The second step of signing in: a code from the authenticator app, or a recovery code. */
  async function verifyMfa(challengeToken: string, code: string): Promise<LoginPayload> {
    const { data } = await apolloClient().mutate({
      mutation: VERIFY_MFA_MUTATION,
      variables: { challengeToken, code: code.trim() },
      fetchPolicy: 'no-cache',
    });
    if (!data) throw new Error('Empty verifyMfa response');
    setSession(data.verifyMfa);
    return { ...data.verifyMfa, __typename: 'LoginPayload' };
  }

  /**
   * Finishes a passkey sign-in with the browser's signed answer (`startAuthentication`) to the
   * challenge `beginPasskeySignIn` gave. No second step: the passkey verified its user itself.
   */
  async function signInWithPasskey(
    challengeId: string,
    response: Record<string, unknown>,
  ): Promise<void> {
    const client = apolloClient();
    // A new identity must never see the previous one's cached rows.
    await client.clearStore();
    const { data } = await client.mutate({
      mutation: FINISH_PASSKEY_SIGN_IN_MUTATION,
      variables: { challengeId, response },
      fetchPolicy: 'no-cache',
    });
    if (!data) throw new Error('Empty passkey sign-in response');
    setSession(data.finishPasskeySignIn);
  }

  /**
   * Exchanges the refresh cookie for a new access token (for the same organization) and stores
   * it. Callers arriving while a refresh is under way share it: the API rotates the refresh token
   * on every use and treats a reused one as theft, so two refreshes at once would end the session.
   */
  function refresh(): Promise<SessionPayload> {
    refreshing ??= (async () => {
      const startedAt = epoch;
      const previousUser = user.value?.id ?? null;
      const organizationId = useOrganizationStore().current?.id ?? lastOrganizationId();
      try {
        const { data } = await oneTabAtATime(() =>
          apolloClient().mutate({
            mutation: REFRESH_SESSION_MUTATION,
            variables: organizationId ? { organizationId } : {},
            fetchPolicy: 'no-cache',
          }),
        );
        if (!data) throw new Error('Empty refreshSession response');
        if (epoch !== startedAt) throw new Error('The session changed while it was being renewed');
        // Null: the browser holds no refresh cookie (signed out), which the API says without a 401.
        const renewed = data.refreshSession;
        if (!renewed) throw new Error('No session');
        // Mid-session, the failed request is replayed with the new token: never as someone else
        // (the cookie is the admin's during an impersonation) or in another association (the
        // membership may have ended), where a replayed write would land in the wrong books.
        if (
          previousUser !== null &&
          (renewed.user.id !== previousUser ||
            (renewed.organization?.id ?? null) !== organizationId)
        ) {
          throw new Error('The renewed session is for another user or association');
        }
        setSession(renewed);
        return renewed;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /**
   * On start-up (the first guarded navigation): resumes the session from the refresh cookie, if
   * there is one. Rejects when there is none, or when the API cannot be reached.
   */
  async function restore(): Promise<boolean> {
    if (isAuthenticated.value) return true;
    restoreAttempted.value = true;
    await refresh();
    return true;
  }

  /** Forgets the session locally. Safe to call repeatedly (several requests may fail at once). */
  function clearSession(reason: SessionNotice | null = null): void {
    epoch += 1;
    accessToken.value = null;
    user.value = null;
    notice.value = reason;
    useOrganizationStore().reset();
  }

  /** Revokes the refresh cookie on the API, then forgets the session and every cached row. */
  async function logout(): Promise<void> {
    const client = apolloClient();
    try {
      await client.mutate({ mutation: LOGOUT_MUTATION, fetchPolicy: 'no-cache' });
    } catch {
      // Signing out must work offline too; the cookie then simply expires on its own.
    }
    clearSession('signed-out');
    await client.clearStore();
  }

  return {
    accessToken,
    user,
    notice,
    restoreAttempted,
    isAuthenticated,
    isSuperadmin,
    setSession,
    login,
    signInWithPasskey,
    verifyMfa,
    refresh,
    restore,
    clearSession,
    logout,
  };
});
