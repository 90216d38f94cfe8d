// Documents of the tests' own (not the app's contract): parsed, not checked against the schema.
import { parse } from 'graphql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { apiError, installTestClient, refreshRefused, sessionPayload } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, installAppClient, routerAt, signIn } from '@/test/mount';
import {
  errorCode,
  errorMessage,
  errorReason,
  fieldErrors,
  httpStatus,
  retryAfterSeconds,
} from './errors';
import { classifySessionProblem } from './links';

const PROBE = parse(`
  query Probe {
    version
  }
`);
const LOGIN = parse(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ... on LoginPayload {
        accessToken
      }
    }
  }
`);

describe('classifySessionProblem', () => {
  const err = (code: string) => ({ message: code, extensions: { code } });

  it('treats UNAUTHENTICATED or HTTP 401 as a lost session', () => {
    expect(classifySessionProblem([err('UNAUTHENTICATED')], undefined)).toBe('unauthenticated');
    expect(classifySessionProblem([], 401)).toBe('unauthenticated');
  });

  it('treats ORG_INACTIVE, or a bare HTTP 403, as a suspended organization', () => {
    expect(classifySessionProblem([err('ORG_INACTIVE')], 403)).toBe('org-inactive');
    expect(classifySessionProblem([], 403)).toBe('org-inactive');
  });

  it('leaves FORBIDDEN (also 403) and ordinary errors to the screen', () => {
    expect(classifySessionProblem([err('FORBIDDEN')], 403)).toBeNull();
    expect(classifySessionProblem([err('CONFLICT')], undefined)).toBeNull();
    expect(classifySessionProblem([], undefined)).toBeNull();
  });
});

describe('apollo links', () => {
  const onUnauthenticated = vi.fn();
  const onOrgInactive = vi.fn();

  beforeEach(() => {
    onUnauthenticated.mockReset();
    onOrgInactive.mockReset();
  });

  it('sends the access token as a Bearer header', async () => {
    const { client, fetch } = installTestClient(() => ({ body: { data: { version: '1' } } }), {
      getToken: () => 'abc.def.ghi',
    });
    await client.query({ query: PROBE });
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a session', async () => {
    const { client, fetch } = installTestClient(() => ({ body: { data: { version: '1' } } }));
    await client.query({ query: PROBE });
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.has('authorization')).toBe(false);
  });

  it('reports UNAUTHENTICATED over HTTP 200 and over HTTP 401', async () => {
    for (const status of [200, 401]) {
      const { client } = installTestClient(
        () => ({ status, body: apiError('UNAUTHENTICATED', 'Session expired') }),
        { onUnauthenticated, onOrgInactive },
      );
      await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow();
    }
    expect(onUnauthenticated).toHaveBeenCalledTimes(2);
    expect(onOrgInactive).not.toHaveBeenCalled();
  });

  it('reports ORG_INACTIVE (HTTP 403) but not FORBIDDEN', async () => {
    const replies = [
      { status: 403, body: apiError('ORG_INACTIVE', 'Organization suspended') },
      { status: 403, body: apiError('FORBIDDEN', 'Viewers cannot do this') },
    ];
    const { client } = installTestClient(() => replies.shift() ?? { body: {} }, {
      onUnauthenticated,
      onOrgInactive,
    });
    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow();
    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow();
    expect(onOrgInactive).toHaveBeenCalledTimes(1);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('leaves a failed Login to the login form', async () => {
    const { client } = installTestClient(
      () => ({ status: 401, body: apiError('UNAUTHENTICATED', 'Invalid email or password') }),
      { onUnauthenticated, onOrgInactive },
    );
    const failure = await client
      .mutate({ mutation: LOGIN, variables: { email: 'a@b.c', password: 'x' } })
      .catch((e: unknown) => e);
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(errorMessage(failure)).toBe('Invalid email or password');
    expect(errorCode(failure)).toBe('UNAUTHENTICATED');
    expect(httpStatus(failure)).toBe(401);
  });
});

const ACCOUNTS = parse(`
  query Accounts {
    accounts {
      id
    }
  }
`);
const SWITCH = parse(`
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
      accessToken
    }
  }
`);

const expired = { status: 401, body: apiError('UNAUTHENTICATED', 'Access token expired') };
const refreshed = (accessToken: string): GraphQLReply => ({
  body: { data: { refreshSession: sessionPayload({ accessToken }) } },
});

describe('refresh on 401 (the client as main.ts wires it)', () => {
  let router: Router | undefined;

  async function signedInApp(
    handler: (req: GraphQLRequest) => GraphQLReply | Promise<GraphQLReply>,
  ) {
    router = undefined;
    const pinia = freshPinia();
    const { client, fetch } = installAppClient(handler, pinia, () => router);
    signIn(
      { email: 'treasurer@example.com' },
      {
        id: 'org-1',
        name: 'Maple Ridge HOA',
        role: 'ADMIN',
        status: 'ACTIVE',
      },
    );
    router = await routerAt('/accounts', pinia);
    return { client, fetch, pinia };
  }

  const bearer = (req: GraphQLRequest) => req.headers.get('authorization');

  it('renews the session once and replays the operation with the new token', async () => {
    const seen: string[] = [];
    const { client } = await signedInApp((req) => {
      seen.push(`${req.operationName} ${bearer(req) ?? '-'}`);
      if (req.operationName === 'RefreshSession') return refreshed('token-new');
      return bearer(req) === 'Bearer token-new'
        ? { body: { data: { version: '2026.11.22' } } }
        : expired;
    });

    const { data } = await client.query({ query: PROBE, fetchPolicy: 'no-cache' });

    expect(data).toEqual({ version: '2026.11.22' });
    expect(seen).toEqual(['Probe Bearer test-token', 'RefreshSession -', 'Probe Bearer token-new']);
    expect(useAuthStore().accessToken).toBe('token-new');
    expect(router?.currentRoute.value.name).toBe('accounts');
  });

  it('also renews on UNAUTHENTICATED answered over HTTP 200', async () => {
    const { client } = await signedInApp((req) => {
      if (req.operationName === 'RefreshSession') return refreshed('token-new');
      return bearer(req) === 'Bearer token-new'
        ? { body: { data: { version: '1' } } }
        : { body: apiError('UNAUTHENTICATED', 'Access token expired') };
    });
    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).resolves.toMatchObject({
      data: { version: '1' },
    });
  });

  it('shares one refresh between operations failing at the same time', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let refreshes = 0;
    const { client } = await signedInApp(async (req) => {
      if (req.operationName === 'RefreshSession') {
        refreshes += 1;
        await gate;
        return refreshed('token-new');
      }
      if (bearer(req) !== 'Bearer token-new') return expired;
      return req.operationName === 'Probe'
        ? { body: { data: { version: '1' } } }
        : { body: { data: { accounts: [] } } };
    });

    const probe = client.query({ query: PROBE, fetchPolicy: 'no-cache' });
    const accounts = client.query({ query: ACCOUNTS, fetchPolicy: 'no-cache' });
    const again = client.query({
      query: PROBE,
      fetchPolicy: 'no-cache',
      context: { queryDeduplication: false },
    });
    await vi.waitFor(() => expect(refreshes).toBe(1));
    release();

    await expect(Promise.all([probe, accounts, again])).resolves.toHaveLength(3);
    expect(refreshes).toBe(1);
  });

  it('replays without a second refresh when the token was already replaced meanwhile', async () => {
    let release: () => void = () => {};
    const late = new Promise<void>((resolve) => (release = resolve));
    let refreshes = 0;
    const { client } = await signedInApp(async (req) => {
      if (req.operationName === 'RefreshSession') {
        refreshes += 1;
        return refreshed('token-new');
      }
      if (bearer(req) === 'Bearer token-new') {
        return req.operationName === 'Probe'
          ? { body: { data: { version: '1' } } }
          : { body: { data: { accounts: [] } } };
      }
      // The accounts request went out with the old token but is refused only after the probe's
      // refresh has finished.
      if (req.operationName === 'Accounts') await late;
      return expired;
    });

    const accounts = client.query({ query: ACCOUNTS, fetchPolicy: 'no-cache' });
    await client.query({ query: PROBE, fetchPolicy: 'no-cache' });
    release();

    await expect(accounts).resolves.toMatchObject({ data: { accounts: [] } });
    expect(refreshes).toBe(1);
  });

  it('retries only once: a second 401 ends the session', async () => {
    let probes = 0;
    const { client } = await signedInApp((req) => {
      if (req.operationName === 'RefreshSession') return refreshed('token-new');
      probes += 1;
      return expired;
    });

    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow();

    expect(probes).toBe(2);
    expect(useAuthStore().isAuthenticated).toBe(false);
    await vi.waitFor(() => expect(router?.currentRoute.value.name).toBe('login'));
  });

  it('gives up when the refresh is refused: session cleared, /login with a notice', async () => {
    const { client } = await signedInApp((req) =>
      req.operationName === 'RefreshSession' ? refreshRefused : expired,
    );

    const failure = await client
      .query({ query: PROBE, fetchPolicy: 'no-cache' })
      .catch((e: unknown) => e);

    expect(errorCode(failure)).toBe('UNAUTHENTICATED');
    const auth = useAuthStore();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.notice).toBe('expired');
    expect(useOrganizationStore().current).toBeNull();
    await vi.waitFor(() => expect(router?.currentRoute.value.name).toBe('login'));
    expect(router?.currentRoute.value.query.redirect).toBe('/accounts');
  });

  it('never refreshes for Login: a wrong password is the form’s business', async () => {
    const refreshSession = vi.fn(() => Promise.resolve());
    const onUnauthenticated = vi.fn();
    const onOrgInactive = vi.fn();
    const { client } = installTestClient(
      () => ({ status: 401, body: apiError('UNAUTHENTICATED', 'Invalid email or password') }),
      { refreshSession, onUnauthenticated, onOrgInactive },
    );
    await expect(
      client.mutate({ mutation: LOGIN, variables: { email: 'a@b.c', password: 'x' } }),
    ).rejects.toThrow();
    expect(refreshSession).not.toHaveBeenCalled();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('an ORG_INACTIVE refusal to switch does not suspend the current association', async () => {
    const onUnauthenticated = vi.fn();
    const onOrgInactive = vi.fn();
    const { client } = installTestClient(
      () => ({ status: 403, body: apiError('ORG_INACTIVE', 'This organization is suspended') }),
      { onUnauthenticated, onOrgInactive },
    );
    const failure = await client
      .mutate({ mutation: SWITCH, variables: { organizationId: 'org-2' } })
      .catch((e: unknown) => e);
    expect(errorCode(failure)).toBe('ORG_INACTIVE');
    expect(onOrgInactive).not.toHaveBeenCalled();
  });
});

describe('error helpers', () => {
  it('reads retryAfter (RATE_LIMITED, HTTP 429) and reason (BAD_USER_INPUT)', async () => {
    const replies: GraphQLReply[] = [
      {
        status: 429,
        body: {
          errors: [
            {
              message: 'Too many attempts',
              extensions: { code: 'RATE_LIMITED', retryAfter: 42 },
            },
          ],
        },
      },
      {
        body: {
          errors: [
            {
              message: 'This link has expired',
              extensions: { code: 'BAD_USER_INPUT', reason: 'TOKEN_EXPIRED' },
            },
          ],
        },
      },
    ];
    const { client } = installTestClient(() => replies.shift() ?? { body: {} });
    const limited = await client.query({ query: PROBE }).catch((e: unknown) => e);
    expect(retryAfterSeconds(limited)).toBe(42);
    expect(httpStatus(limited)).toBe(429);
    const expiredLink = await client
      .query({ query: PROBE, fetchPolicy: 'no-cache' })
      .catch((e: unknown) => e);
    expect(errorReason(expiredLink)).toBe('TOKEN_EXPIRED');
    expect(retryAfterSeconds(expiredLink)).toBeUndefined();
  });

  it('reads per-field details from a CONFLICT over HTTP 200', async () => {
    const { client } = installTestClient(() => ({
      body: apiError('CONFLICT', 'Account number 1010 already exists', [
        { field: 'number', message: 'Account number 1010 already exists' },
      ]),
    }));
    const failure = await client.query({ query: PROBE }).catch((e: unknown) => e);
    expect(errorCode(failure)).toBe('CONFLICT');
    expect(fieldErrors(failure)).toEqual({ number: 'Account number 1010 already exists' });
  });

  it('never shows INTERNAL messages, and says so plainly when the API is unreachable', async () => {
    const { client } = installTestClient(() => ({
      status: 500,
      body: apiError('INTERNAL', 'relation "tenant_42.accounts" does not exist'),
    }));
    const internal = await client.query({ query: PROBE }).catch((e: unknown) => e);
    expect(errorMessage(internal)).not.toContain('tenant_42');

    const offline = installTestClient(() => {
      throw new TypeError('Failed to fetch');
    });
    const down = await offline.client.query({ query: PROBE }).catch((e: unknown) => e);
    expect(errorMessage(down)).toMatch(/could not reach Covenant/);
  });
});
