// The password lengths, alone in a file with no imports: the web's forms check the same minimum
// before asking (web/src/features/auth/passwords.ts imports it), without pulling in zxcvbn.
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
