import { AppError, badInput, conflict } from '../errors/app-error.js';

// PostgreSQL's error codes (SQLSTATE) that become typed GraphQL errors. MikroORM's exceptions copy
// `code` and `constraint` from the driver's error, and raw statements throw the driver's own, so
// both are read the same way.
const UNIQUE_VIOLATION = '23505';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

interface PgError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
}

const codeOf = (err: unknown): string | undefined => {
  const code = (err as PgError | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

// A unique index refused the write; with `constraint`, only that index.
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return (
    codeOf(err) === UNIQUE_VIOLATION && (!constraint || (err as PgError).constraint === constraint)
  );
}

// Two transactions collided: a serialization failure or a deadlock. The database rolled the
// loser back, so running the same unit of work again is safe and usually succeeds.
export function isRetryableCollision(err: unknown): boolean {
  const code = codeOf(err);
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
}

const TRY_AGAIN = 'Someone else changed the same records at the same moment; try again';

// What the caller did wrong, by SQLSTATE, for a refusal no service caught by name. The messages
// never carry SQL, table, column or value text: the database's own words stay in the server log.
const DATA_ERRORS: Record<string, string> = {
  '22001': 'A value is longer than allowed',
  '22003': 'A number is out of range',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22P02': 'A value is not in a valid format',
  '23502': 'A required value is missing',
  '23514': 'A value is outside what is allowed',
};

// Constraints the database raises itself (trigger checks named like constraints) with the words a
// person understands; the services check these first, so only a race or a bug gets here.
const NAMED: Record<string, () => AppError> = {
  journal_entries_reverses_idx: () => conflict('This entry has already been reversed'),
  journal_entry_balanced: () => badInput([], 'Debits and credits of an entry must be equal'),
  journal_entry_balanced_per_fund: () =>
    badInput([], 'Each fund of an entry must balance by itself'),
  journal_lines_after_reclassification: () =>
    badInput([], 'An account was reclassified as of a later date: date the entry on or after it'),
  accounts_reclassified_with_record: () =>
    conflict("An account's type or fund changes only through a dated reclassification"),
};

// The typed error for a PostgreSQL refusal (a constraint, bad data, a collision), or null when
// the error is not one of those (the caller then treats it as internal).
export function typedDatabaseError(err: unknown): AppError | null {
  const code = codeOf(err);
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const constraint = (err as PgError).constraint;
  if (typeof constraint === 'string' && NAMED[constraint]) return NAMED[constraint]();
  switch (code) {
    case UNIQUE_VIOLATION:
    case '23P01': // exclusion
      return conflict('This conflicts with an existing record');
    case '23503': {
      // A foreign key fails both ways: a write naming a record that is not there, or a delete of a
      // record something still refers to.
      const detail = String((err as PgError).detail ?? '');
      return /still referenced/.test(detail)
        ? conflict('This record is still in use and cannot be removed')
        : new AppError('NOT_FOUND', 'A record this refers to was not found');
    }
    case '23001': // restrict
      return conflict('This record is still in use and cannot be changed');
    case SERIALIZATION_FAILURE:
    case DEADLOCK_DETECTED:
    case '55P03': // lock not available
      return conflict(TRY_AGAIN);
    case 'CV001': // the tenant database's bank-reconciliation lock (tenant migration 029)
      return conflict(
        'This is part of a finished bank reconciliation; an admin must undo the reconciliation first',
      );
    case 'CV002': {
      // The tenant database's closed-period lock (tenant migration 030): its message names the
      // date the books are closed through and the way forward.
      const message = String((err as PgError).message ?? 'The period is closed');
      return badInput([{ field: 'date', message }], message);
    }
  }
  if (DATA_ERRORS[code]) return badInput([], DATA_ERRORS[code]);
  // Any other data exception (class 22) is a value the database could not take.
  if (code.startsWith('22')) return badInput([], 'A value is not valid');
  return null;
}
