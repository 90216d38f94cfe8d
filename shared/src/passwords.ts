// The password rules both halves apply: the web's forms check the length before asking, with the
// API's own words; the API then scores the strength (zxcvbn, on a worker thread of its own).
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** Why a password's length is refused ("Use at least 12 characters"), or null when it is fine. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}
