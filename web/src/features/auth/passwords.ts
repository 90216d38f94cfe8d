import { MIN_PASSWORD_LENGTH, passwordLengthProblem } from '@covenant/shared/passwords';
import { errorReason } from '@/apollo/errors';
import type { TokenProblemReason } from '@/apollo/types';

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

export { MIN_PASSWORD_LENGTH };

/**
 * What the form checks before asking the API: presence, the API's own length rules (the same
 * numbers and words: @covenant/shared/passwords), and the confirmation. Strength is the API's.
 */
export function checkNewPassword(password: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const length = passwordLengthProblem(password);
  if (!password) errors.password = 'Enter a new password.';
  else if (length) errors.password = length;
  if (!confirm) errors.confirm = 'Enter the new password again.';
  else if (password && password !== confirm) errors.confirm = 'The two passwords do not match.';
  return errors;
}

const TOKEN_REASONS: readonly string[] = ['TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_USED'];

/** TOKEN_EXPIRED / TOKEN_USED / TOKEN_INVALID from `extensions.reason`, if the error is one. */
export function tokenReason(error: unknown): TokenProblemReason | null {
  const reason = errorReason(error);
  return reason && TOKEN_REASONS.includes(reason) ? (reason as TokenProblemReason) : null;
}

export interface TokenProblemText {
  title: string;
  text: string;
}

const RESET_PROBLEMS: Record<TokenProblemReason, TokenProblemText> = {
  TOKEN_EXPIRED: {
    title: 'This reset link has expired',
    text: 'For your security, a reset link works for 15 minutes. Request a new one and use it right away.',
  },
  TOKEN_USED: {
    title: 'This reset link has already been used',
    text: 'Each link works once. If you did not change your password with it, request a new link.',
  },
  TOKEN_INVALID: {
    title: 'This reset link is not valid',
    text: 'It may be incomplete, or a newer link may have replaced it. Request a new one.',
  },
};

const INVITATION_PROBLEMS: Record<TokenProblemReason, TokenProblemText> = {
  TOKEN_EXPIRED: {
    title: 'This invitation has expired',
    text: "Ask your association's administrator to send you a new invitation.",
  },
  TOKEN_USED: {
    title: 'This invitation has already been accepted',
    text: 'Sign in with your email address and password to open your association.',
  },
  TOKEN_INVALID: {
    title: 'This invitation link is not valid',
    text: "Check that you opened the whole link from the email, or ask your association's administrator to invite you again.",
  },
};

export function resetTokenProblem(reason: TokenProblemReason): TokenProblemText {
  return RESET_PROBLEMS[reason];
}

export function invitationTokenProblem(reason: TokenProblemReason): TokenProblemText {
  return INVITATION_PROBLEMS[reason];
}
