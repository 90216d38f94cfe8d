// How a payment came, as a treasurer says it: "check 3512", "ACH ref 88812", "ACH (Autopay)",
// "cash". The one place payments are put in words (the unit ledger's rows, the journal's memos).
// It lives in units, below payments, because a unit's ledger says its payments too; payments
// takes it from units' index.

// A reference often repeats the method it came by ("Check 3512", "chk #3512", "ACH ref 88812"):
// that word is dropped, or the sentence would say it twice ("check Check 3512").
const METHOD_WORDS: Record<string, RegExp> = {
  check: /^(?:cheque|check|chk|ck)\b\s*/i,
  ach: /^(?:ach|eft)\b\s*/i,
  card: /^(?:credit card|debit card|card)\b\s*/i,
  cash: /^cash\b\s*/i,
};
const NUMBER_WORDS = /^(?:(?:ref(?:erence)?|trace|no|number|num)\b\.?\s*|#\s*|:\s*)+/i;

const SAID: Record<string, string> = { check: 'check', ach: 'ACH', card: 'card', cash: 'cash' };

// The reference without the words that only say what kind of reference it is.
function bareReference(method: string | null, reference: string | null): string | null {
  let ref = reference?.trim() ?? '';
  const word = method ? METHOD_WORDS[method] : undefined;
  if (word) ref = ref.replace(word, '');
  ref = ref.replace(NUMBER_WORDS, '').trim();
  // Nothing but the words ("Check"): the reference said only the method.
  return ref || null;
}

// `method` as stored (PaymentMethod's values); null when there is nothing to say.
export function paymentMeans(method: string | null, reference: string | null): string | null {
  const ref = bareReference(method, reference);
  const said = method ? SAID[method] : undefined;
  if (!said) return ref && /\d/.test(ref) ? `ref ${ref}` : ref;
  if (!ref) return said;
  // A word ("Autopay", "Lockbox") reads beside the method; a number is the method's reference.
  if (!/\d/.test(ref)) return `${said} (${ref})`;
  if (method === 'check') return `check ${ref}`;
  return method === 'cash' ? `cash, ref ${ref}` : `${said} ref ${ref}`;
}
