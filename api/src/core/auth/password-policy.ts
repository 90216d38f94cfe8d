import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import type { FieldDetail } from '../errors/app-error.js';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules.js';

export { MIN_PASSWORD_LENGTH };

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

// At least 12 characters and not trivially guessable (zxcvbn score ≥ 3 with the common-password
// and English dictionaries, and the user's own email and name as hints). Says why when it refuses.
export async function checkPassword(
  password: string,
  field: string,
  hints: (string | null | undefined)[] = [],
): Promise<FieldDetail | null> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { field, message: `Use at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { field, message: `Use at most ${MAX_PASSWORD_LENGTH} characters` };
  }
  const userInputs = hints
    .filter((h): h is string => !!h)
    .flatMap((h) => [h, ...h.split(/[@.\s]/)]);
  const result = await zxcvbn.checkAsync(password, userInputs);
  if (result.score >= 3) return null;
  const why = result.feedback.warning || 'This password is too easy to guess';
  const tip = result.feedback.suggestions[0];
  return { field, message: tip ? `${why}. ${tip}` : why };
}
