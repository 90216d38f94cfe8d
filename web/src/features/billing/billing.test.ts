import { describe, expect, it } from 'vitest';
import { billingNotice } from './billing';

describe('billingNotice', () => {
  it('says nothing while paid up', () => {
    expect(
      billingNotice({ planName: 'Starter', status: 'ACTIVE', readOnly: false, readOnlyFrom: null }),
    ).toBeNull();
  });

  it('warns during the grace, naming the day writes stop', () => {
    const n = billingNotice({
      planName: 'Starter',
      status: 'PAST_DUE',
      readOnly: false,
      readOnlyFrom: '2026-12-08T14:00:00.000Z',
    });
    expect(n?.tone).toBe('warn');
    expect(n?.text).toMatch(/did not go through: the books turn read-only on Dec 8, 2026/);
  });

  it('says why the books are read-only once they are', () => {
    expect(
      billingNotice({
        planName: 'Starter',
        status: 'TRIALING',
        readOnly: true,
        readOnlyFrom: '2026-11-01T00:00:00.000Z',
      }),
    ).toEqual({
      tone: 'error',
      text: 'Read-only: the free trial has ended. Reports and exports still work; changes resume once payment goes through.',
    });
  });
});
