// What stands in for a secret in the email log.
export const MASKED = '[hidden]';

// Every query value of a link (`?token=…`, `&sig=…`): the value, not the name, is the secret.
const QUERY_VALUE = /([?&][^=\s&#]+=)[^\s&#]+/g;
// A long run of token characters with a digit in it (a random token in a path, an API token):
// long words and hyphenated names have no digits, random tokens of that length almost always do.
const OPAQUE_RUN = /(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{24,}/g;

// An email's text as the email log keeps it: links still show where they lead, but no link, token
// or code in it can be used. The message itself went out whole; only the log is masked, so what
// super admins read there opens nothing.
export function maskSecrets(text: string): string {
  return text.replace(QUERY_VALUE, `$1${MASKED}`).replace(OPAQUE_RUN, MASKED);
}
