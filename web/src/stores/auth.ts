import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { apolloClient } from '@/apollo/client';
import type { OrganizationMembership, User } from '@/apollo/types';
import { LOGIN_MUTATION, ME_QUERY } from '@/features/auth/auth.graphql';
import { useOrganizationStore } from './organization';

// The access token lives in memory; it is mirrored to sessionStorage (per tab, gone when the tab
// closes) only so a reload keeps the session until refresh-token cookies replace this.
const STORAGE_KEY = 'covenant.accessToken';

function readStoredToken(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy mode): the session simply won't survive a reload
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token) globalThis.sessionStorage?.setItem(STORAGE_KEY, token);
    else globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // see readStoredToken
  }
}

export interface SessionData {
  accessToken: string;
  user: User;
  organization: OrganizationMembership | null;
  organizations: OrganizationMembership[];
}

export type SessionNotice = 'expired' | 'signed-out' | 'unreachable';

export const useAuthStore = defineStore('auth', () => {
  const accessToken = ref<string | null>(readStoredToken());
  const user = ref<User | null>(null);
  /** Why the last session ended, shown once on the login page. */
  const notice = ref<SessionNotice | null>(null);

  const isAuthenticated = computed(() => accessToken.value !== null);
  const isSuperadmin = computed(() => user.value?.isSuperadmin === true);

  function setSession(session: SessionData): void {
    accessToken.value = session.accessToken;
    user.value = session.user;
    notice.value = null;
    writeStoredToken(session.accessToken);
    useOrganizationStore().setOrganizations(session.organization, session.organizations);
  }

  async function login(email: string, password: string): Promise<SessionData> {
    const client = apolloClient();
    // A new identity must never see the previous one's cached rows.
    await client.clearStore();
    const { data } = await client.mutate({
      mutation: LOGIN_MUTATION,
      variables: { email: email.trim(), password },
      fetchPolicy: 'no-cache',
    });
    if (!data) throw new Error('Empty login response');
    setSession(data.login);
    return data.login;
  }

  /** After a reload: the token survived but who it belongs to did not. Asks the API. */
  async function restore(): Promise<boolean> {
    const token = accessToken.value;
    if (!token) return false;
    if (user.value) return true;
    const { data } = await apolloClient().query({ query: ME_QUERY, fetchPolicy: 'network-only' });
    // A sign-out may have happened while we waited.
    if (accessToken.value !== token) return false;
    setSession({ accessToken: token, ...data.me });
    return true;
  }

  /** Forgets the session locally. Safe to call repeatedly (several requests may fail at once). */
  function clearSession(reason: SessionNotice | null = null): void {
    accessToken.value = null;
    user.value = null;
    notice.value = reason;
    writeStoredToken(null);
    useOrganizationStore().reset();
  }

  async function logout(): Promise<void> {
    clearSession('signed-out');
    await apolloClient().clearStore();
  }

  return {
    accessToken,
    user,
    notice,
    isAuthenticated,
    isSuperadmin,
    setSession,
    login,
    restore,
    clearSession,
    logout,
  };
});
