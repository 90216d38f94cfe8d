import { passwordLengthProblem } from '@covenant/shared/passwords';
import { Piscina } from 'piscina';
import { serviceUnavailable, type FieldDetail } from '../errors/app-error.js';

interface Strength {
  score: number;
  warning: string | null;
  suggestion: string | null;
}

// zxcvbn runs on one worker thread (password-strength.worker.mjs), started at the first check and
// stopped after a minute without one. Scoring a password takes milliseconds to a few hundred of
// them, all CPU: on the API's own thread it would hold up every other request, every
// association's, meanwhile. Checks are rare (sign-up, a new or reset password, an invitation
// accepted), so one thread is enough and leaves the other cores to the API; a burst waits its turn
// in a bounded queue.
const QUEUE_MAX = 64;
// Seconds a caller is asked to wait when the queue is full.
const BUSY_RETRY_AFTER_S = 2;
const strengthThread = new Piscina<{ password: string; userInputs: string[] }, Strength>({
  filename: new URL('./password-strength.worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: 1,
  idleTimeout: 60_000,
  maxQueue: QUEUE_MAX,
});

async function strength(password: string, userInputs: string[]): Promise<Strength> {
  // A full queue is a typed 503 the caller may retry, not piscina's own "queue is at limit" error.
  if (strengthThread.queueSize >= QUEUE_MAX) {
    throw serviceUnavailable(
      'Too many password checks at once; try again in a few seconds',
      BUSY_RETRY_AFTER_S,
    );
  }
  return strengthThread.run({ password, userInputs });
}

// At least 12 characters and not trivially guessable (zxcvbn score ≥ 3 with the common-password
// and English dictionaries, and the user's own email and name as hints). Says why when it refuses.
export async function checkPassword(
  password: string,
  field: string,
  hints: (string | null | undefined)[] = [],
): Promise<FieldDetail | null> {
  const length = passwordLengthProblem(password);
  if (length) return { field, message: length };
  const userInputs = hints
    .filter((h): h is string => !!h)
    .flatMap((h) => [h, ...h.split(/[@.\s]/)]);
  const result = await strength(password, userInputs);
  if (result.score >= 3) return null;
  // zxcvbn's warnings and suggestions are sentences with their own full stop.
  const why = result.warning || 'This password is too easy to guess.';
  return { field, message: result.suggestion ? `${why} ${result.suggestion}` : why };
}
