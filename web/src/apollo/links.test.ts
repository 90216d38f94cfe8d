import { gql } from '@apollo/client/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import { errorCode, errorMessage, fieldErrors, httpStatus } from './errors';
import { classifySessionProblem } from './links';

const PROBE = gql`
  query Probe {
    version
  }
`;
const LOGIN = gql`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      accessToken
    }
  }
`;

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

describe('error helpers', () => {
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
