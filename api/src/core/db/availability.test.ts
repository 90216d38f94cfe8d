import { DriverException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { notFound, serviceUnavailable } from '../errors/app-error.js';
import {
  databaseFrozen,
  databaseUnavailable,
  isDatabaseAway,
  isDatabaseFrozen,
} from './availability.js';

const withCode = (code: string, message = 'refused') => Object.assign(new Error(message), { code });

describe('isDatabaseAway', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['host gone from DNS', withCode('ENOTFOUND')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['server shutting down', withCode('57P01')],
    ['server starting up', withCode('57P03')],
    ['server full', withCode('53300', 'sorry, too many clients already')],
    ['connection failure', withCode('08006')],
    ['pool acquire timeout', new Error('Knex: Timeout acquiring a connection. The pool is full')],
    ['no answer (knex names the statement)', new Error('select 1 - Query read timeout')],
    ['socket closed', new Error('select 1 - Connection terminated unexpectedly')],
    ['connect timeout', new Error('timeout expired')],
    [
      'a transaction whose BEGIN went unanswered',
      new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'),
    ],
    // MikroORM's wrapper copies the driver's code and message.
    ['wrapped by MikroORM', new DriverException(withCode('ECONNREFUSED'))],
    ['wrapped as a cause', new Error('loading the ledger failed', { cause: withCode('57P01') })],
    [
      'every address refused',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ],
    ['the context refusal with its cause', databaseUnavailable(withCode('ECONNREFUSED'))],
  ])('recognises %s', (_, err) => {
    expect(isDatabaseAway(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a serialization failure', withCode('40001')],
    ['a lock not available (NOWAIT)', withCode('55P03')],
    ['a protocol violation (a bug)', withCode('08P01')],
    ['a dropped database', withCode('57P04')],
    ['a write to a database frozen for a move (its own answer)', withCode('25006')],
    ['a missing database', withCode('3D000')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that merely mentions a timeout', new Error('Session timeout expired for user')],
    ['a typed error', notFound('Invoice')],
    ['a 503 without a database cause', serviceUnavailable()],
    ['nothing', undefined],
  ])('leaves alone %s', (_, err) => {
    expect(isDatabaseAway(err)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseAway(a)).toBe(false);
  });
});

describe('isDatabaseFrozen', () => {
  const readOnly = () => withCode('25006', 'cannot execute INSERT in a read-only transaction');
  it.each([
    ['the driver error', readOnly()],
    ['wrapped by MikroORM', new DriverException(readOnly())],
    ['wrapped as a cause', new Error('posting failed', { cause: readOnly() })],
    ['the typed refusal with its cause', databaseFrozen(readOnly())],
  ])('recognises %s', (_, err) => {
    expect(isDatabaseFrozen(err)).toBe(true);
  });

  it.each([
    ['the database away', withCode('ECONNREFUSED')],
    ['another class 25 state (in failed transaction)', withCode('25P02')],
    ['a typed error', notFound('Invoice')],
    ['nothing', undefined],
  ])('leaves alone %s', (_, err) => {
    expect(isDatabaseFrozen(err)).toBe(false);
  });

  it('refuses as SERVICE_UNAVAILABLE with Retry-After', () => {
    expect(databaseFrozen(readOnly())).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      extra: { retryAfter: 5 },
    });
  });
});
