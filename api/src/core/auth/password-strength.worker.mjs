// The password-strength estimate (zxcvbn), run on a worker thread by password-policy.ts. Plain
// JavaScript with no imports of ours, so the same file runs from the sources (tests) and from the
// build. Its dictionaries (the common-password and English word lists, ~25 MB once ranked) live in
// this thread's heap, not the API's.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// zxcvbn's cost grows much faster than the password: a 256-character one took seconds. Only the
// first 64 characters are scored (zxcvbn's own maxLength): a strong prefix makes a strong
// password, and a weak one is refused as weak.
const SCORED_LENGTH = 64;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  maxLength: SCORED_LENGTH,
});

export default async function strength({ password, userInputs }) {
  const result = await zxcvbn.checkAsync(password, userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning ?? null,
    suggestion: result.feedback.suggestions[0] ?? null,
  };
}
