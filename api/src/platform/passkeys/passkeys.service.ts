import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Context, Services } from '../../core/context.js';
import {
  AppError,
  badInput,
  conflict,
  forbidden,
  notFound,
  unauthenticated,
} from '../../core/errors/app-error.js';
import { assertId, isId } from '../../core/ids.js';
import { recordAudit } from '../admin/index.js';
import { recordLogin, startSession, type LoginPayload } from '../sessions/index.js';
import { User } from '../users/index.js';
import {
  consumeChallenge,
  countUserPasskeys,
  deletePasskey as deletePasskeyRow,
  insertChallenge,
  insertPasskey,
  recordUse,
  renamePasskey as renamePasskeyRow,
  selectByCredentialId,
  selectOwnPasskey,
  selectUserPasskeys,
  type ChallengePurpose,
  type PasskeyRow,
} from './passkeys.repository.js';
import type { Passkey, PasskeyCeremony } from './passkeys.types.js';

const RP_NAME = 'Covenant';
// How long a ceremony may take, from the options to the response (the browser's prompt included).
export const CHALLENGE_TTL_SECONDS = 300;
export const PASSKEY_NAME_MAX = PLATFORM_TEXT_LIMITS.passkeys.name;
// Plenty for every device a person owns; a bound on what one account can store.
export const PASSKEYS_PER_USER = 20;

// User verification is required, at registration and at every sign-in: a passkey sign-in skips the
// authenticator-app step, which is sound only because the passkey is itself two factors (the
// device, and the fingerprint, face or PIN that unlocks it). An authenticator that cannot verify
// its user (a security key without a PIN) is refused rather than accepted as one factor.
const USER_VERIFICATION = 'required' as const;

// Where the web app is served and the domain passkeys are bound to: WEBAUTHN_ORIGIN and
// WEBAUTHN_RP_ID, else derived from the public URL (http://localhost:<port> by default). Read per
// request because the public URL is only known once the server listens.
export function relyingParty(services: Services): { rpId: string; origin: string } {
  const origin = services.config.webauthnOrigin ?? new URL(services.publicUrl).origin;
  return { origin, rpId: services.config.webauthnRpId ?? new URL(origin).hostname };
}

// The user handle stored in the passkey: the user's id, never the email (authenticators show or
// sync it, and an email can change).
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
    backedUp: row.backed_up,
  };
}

function checkName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name || name.length > PASSKEY_NAME_MAX) {
    throw badInput([
      { field: 'name', message: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters` },
    ]);
  }
  return name;
}

// Adding, renaming and removing a way to sign in is the account holder's own act.
function ownCaller(ctx: Context) {
  const auth = ctx.auth!;
  if (auth.impersonatedBy) {
    throw forbidden("Passkeys cannot be changed while impersonating: they are the user's own");
  }
  return auth;
}

const CHALLENGE_PROBLEM = {
  used: ['PASSKEY_CHALLENGE_USED', 'This passkey request was already used; start again'],
  expired: ['PASSKEY_CHALLENGE_EXPIRED', 'This passkey request has expired; start again'],
  unknown: ['PASSKEY_CHALLENGE_EXPIRED', 'This passkey request has expired; start again'],
} as const;

async function takeChallenge(
  em: EntityManager,
  challengeId: string,
  purpose: ChallengePurpose,
  userId: string | null,
) {
  return isId(challengeId)
    ? consumeChallenge(em, challengeId, purpose, userId)
    : ('unknown' as const);
}

export async function listPasskeys(ctx: Context): Promise<Passkey[]> {
  return (await selectUserPasskeys(ctx.platformEm, ctx.auth!.userId)).map(toPasskey);
}

export async function beginPasskeyRegistration(ctx: Context): Promise<PasskeyCeremony> {
  const auth = ownCaller(ctx);
  const user = await ctx.platformEm.findOne(User, auth.userId);
  if (!user) throw unauthenticated('User no longer exists');
  const existing = await selectUserPasskeys(ctx.platformEm, user.id);
  if (existing.length >= PASSKEYS_PER_USER) {
    throw badInput([], `You have ${PASSKEYS_PER_USER} passkeys; delete one to add another`);
  }
  const { rpId } = relyingParty(ctx.services);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rpId,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: user.name || user.email,
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    // The browser refuses to make a second passkey on an authenticator that holds one already.
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: USER_VERIFICATION,
    },
  });
  const challengeId = await insertChallenge(ctx.platformEm, {
    purpose: 'register',
    userId: user.id,
    challenge: options.challenge,
    ttlSeconds: CHALLENGE_TTL_SECONDS,
  });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

export async function finishPasskeyRegistration(
  ctx: Context,
  challengeId: string,
  response: Record<string, unknown>,
  rawName?: string | null,
): Promise<Passkey> {
  const auth = ownCaller(ctx);
  const name = rawName == null ? null : checkName(rawName);
  // Consumed before anything else is checked: a challenge answered wrongly is spent too.
  const state = await takeChallenge(ctx.platformEm, challengeId, 'register', auth.userId);
  if (typeof state === 'string') {
    const [reason, message] = CHALLENGE_PROBLEM[state];
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'challengeId', message }], { reason });
  }
  const { rpId, origin } = relyingParty(ctx.services);
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: state.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error('not verified');
    info = verified.registrationInfo;
  } catch {
    throw badInput(
      [{ field: 'response', message: 'The passkey could not be verified; try again' }],
      'The passkey could not be verified; try again',
    );
  }
  const count = await countUserPasskeys(ctx.platformEm, auth.userId);
  return ctx.platformEm.transactional(async (em: EntityManager) => {
    const row = await insertPasskey(em, {
      userId: auth.userId,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: name ?? `Passkey ${count + 1}`,
    });
    if (!row) throw conflict('This passkey is registered already');
    await recordAudit(em, {
      actor: auth,
      action: 'passkey.add',
      entityType: 'Passkey',
      entityId: row.id,
      details: { name: row.name, deviceType: row.device_type, backedUp: row.backed_up },
    });
    return toPasskey(row);
  });
}

export async function renamePasskey(ctx: Context, id: string, rawName: string): Promise<Passkey> {
  const auth = ownCaller(ctx);
  assertId(id, 'Passkey');
  const name = checkName(rawName);
  return ctx.platformEm.transactional(async (em: EntityManager) => {
    const before = await selectOwnPasskey(em, auth.userId, id);
    // Another user's passkey and an unknown id look the same.
    const row = before && (await renamePasskeyRow(em, auth.userId, id, name));
    if (!before || !row) throw notFound('Passkey');
    await recordAudit(em, {
      actor: auth,
      action: 'passkey.rename',
      entityType: 'Passkey',
      entityId: row.id,
      details: { from: before.name, to: row.name },
    });
    return toPasskey(row);
  });
}

export async function deletePasskey(ctx: Context, id: string): Promise<boolean> {
  const auth = ownCaller(ctx);
  assertId(id, 'Passkey');
  return ctx.platformEm.transactional(async (em: EntityManager) => {
    const row = await deletePasskeyRow(em, auth.userId, id);
    if (!row) throw notFound('Passkey');
    await recordAudit(em, {
      actor: auth,
      action: 'passkey.delete',
      entityType: 'Passkey',
      entityId: row.id,
      details: { name: row.name },
    });
    return true;
  });
}

// Discoverable: no credentials are listed, so no email is typed and none is revealed; the
// authenticator offers the passkeys it holds for this site.
export async function beginPasskeySignIn(ctx: Context): Promise<PasskeyCeremony> {
  // Counted with password attempts from the same address. Finishing needs a challenge from here,
  // each good once, so this one limit bounds the attempts to finish as well.
  await ctx.services.rateLimiter.consume('login', { ip: ctx.meta.ip });
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.services).rpId,
    allowCredentials: [],
    userVerification: USER_VERIFICATION,
    timeout: CHALLENGE_TTL_SECONDS * 1000,
  });
  const challengeId = await insertChallenge(ctx.platformEm, {
    purpose: 'authenticate',
    userId: null,
    challenge: options.challenge,
    ttlSeconds: CHALLENGE_TTL_SECONDS,
  });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

export async function finishPasskeySignIn(
  ctx: Context,
  challengeId: string,
  response: Record<string, unknown>,
): Promise<LoginPayload> {
  const fail = async (
    failureReason: string,
    reason: string,
    message: string,
    user?: { id: string; email: string },
  ) => {
    await recordLogin(ctx.platformEm, {
      userId: user?.id,
      email: user?.email,
      method: 'passkey',
      success: false,
      failureReason,
      meta: ctx.meta,
    });
    return new AppError('UNAUTHENTICATED', message, undefined, { reason });
  };

  const state = await takeChallenge(ctx.platformEm, challengeId, 'authenticate', null);
  if (typeof state === 'string') {
    const [reason, message] = CHALLENGE_PROBLEM[state];
    throw await fail(`challenge ${state}`, reason, message);
  }
  const credentialId = typeof response.id === 'string' ? response.id : '';
  const passkey = credentialId ? await selectByCredentialId(ctx.platformEm, credentialId) : null;
  const user = passkey && (await ctx.platformEm.findOne(User, passkey.user_id));
  if (!passkey || !user) {
    throw await fail(
      'unknown passkey',
      'PASSKEY_UNKNOWN',
      'This passkey is not registered with Covenant. Sign in with your password',
    );
  }
  const who = { id: user.id, email: user.email };
  const notVerified = () =>
    fail('passkey not verified', 'PASSKEY_INVALID', 'The passkey could not be verified', who);

  // The authenticator names the account it holds the passkey for; it must be the passkey's owner.
  const handle = (response.response as { userHandle?: unknown } | undefined)?.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(user.id)).toString('base64url')) {
    throw await notVerified();
  }
  const { rpId, origin } = relyingParty(ctx.services);
  let info;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: state.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        // The counter rule is applied below, in the same statement that stores the new value.
        counter: 0,
        transports: passkey.transports,
      },
    });
    if (!verified.verified) throw new Error('not verified');
    info = verified.authenticationInfo;
  } catch {
    throw await notVerified();
  }
  // A signature counter that did not go forward means two copies of the key exist (a cloned
  // authenticator, or a replayed response): refused, and the stored counter is left as it was.
  const stored = Number(passkey.counter);
  const next = info.newCounter;
  const regressed = (stored > 0 || next > 0) && next <= stored;
  const used =
    !regressed &&
    (await recordUse(ctx.platformEm, passkey.id, next, { backedUp: info.credentialBackedUp }));
  if (!used) {
    throw await fail(
      `signature counter did not increase (stored ${stored}, received ${next}): possible cloned authenticator`,
      'PASSKEY_COUNTER',
      'This passkey could not be trusted. Sign in with your password and replace the passkey',
      who,
    );
  }
  return startSession(ctx, user, 'passkey');
}
