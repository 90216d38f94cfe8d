// PostgreSQL's error codes that services turn into typed GraphQL errors.
const UNIQUE_VIOLATION = '23505';

// A unique index refused the write; with `constraint`, only that index.
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === UNIQUE_VIOLATION && (!constraint || e.constraint === constraint);
}
