import type { Context } from '../../core/context.js';
import type { Role } from '../../core/roles.js';
import { unitNumbersOfOwner } from '../../modules/owner-portal/index.js';

// The emails of invitations: a member's (staff) and an owner's (the owner portal of their units),
// and the notice to an owner that a unit was added to their portal.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function invitationLink(ctx: Context, token: string) {
  return `${ctx.services.publicUrl}/activate?token=${encodeURIComponent(token)}`;
}

// The same words for everyone: the link's page asks a new user to set a password and an
// existing one to sign in.
export function sendInvitation(
  ctx: Context,
  to: string,
  orgName: string,
  role: Role,
  token: string,
) {
  return ctx.services.mailer.send({
    to,
    subject: `You are invited to ${orgName} on Covenant`,
    template: 'invitation',
    body: `You have been invited to join ${orgName} on Covenant as ${role}.\n\nOpen this link to accept (it is valid 7 days): ${invitationLink(ctx, token)}`,
  });
}

// "unit 101", "units 101 and 102", "units 101, 102 and 103".
export function unitsInWords(numbers: string[]): string {
  if (numbers.length <= 1) return `unit ${numbers[0] ?? ''}`.trim();
  return `units ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

const PORTAL_WORDS =
  "your balance and what is due, your statements and the association's documents, and pay online where the association offers it";

// An owner's invitation names their units (read from the association's books) and the portal.
export async function sendOwnerInvitation(
  ctx: Context,
  owner: { userId: string; email: string },
  orgName: string,
  token: string,
) {
  const units = unitsInWords(await unitNumbersOfOwner(ctx.em, owner.userId));
  return ctx.services.mailer.send({
    to: owner.email,
    subject: `Your owner portal for ${units} at ${orgName}`,
    template: 'owner-invitation',
    body: `${orgName} invites you to its owner portal on Covenant for ${units}: ${PORTAL_WORDS}.\n\nOpen this link to set your password and sign in (it is valid 7 days): ${invitationLink(ctx, token)}`,
  });
}

// An owner already signed up: the units are in their portal at their next visit.
export function sendOwnerUnitsAdded(
  ctx: Context,
  to: string,
  orgName: string,
  unitNumbers: string[],
) {
  const units = unitsInWords(unitNumbers);
  const was = unitNumbers.length === 1 ? 'is' : 'are';
  return ctx.services.mailer.send({
    to,
    subject: `${units[0].toUpperCase()}${units.slice(1)} ${was} now in your owner portal at ${orgName}`,
    template: 'owner-units-added',
    body: `${orgName} added ${units} to your owner portal on Covenant: ${PORTAL_WORDS}.\n\nSign in to see ${unitNumbers.length === 1 ? 'it' : 'them'}: ${ctx.services.publicUrl}/owner`,
  });
}
