import type { EntityManager } from '@mikro-orm/postgresql';
import { verifyPassword } from '../../core/auth/passwords.js';
import type { TokenService } from '../../core/auth/tokens.js';
import { unauthenticated } from '../../core/errors/app-error.js';
import { User } from '../users/user.entity.js';
import { activeMemberships, normalizeEmail } from '../users/users.service.js';
import type { LoginPayload } from './sessions.types.js';

export async function login(
  em: EntityManager,
  tokens: TokenService,
  email: string,
  password: string,
): Promise<LoginPayload> {
  const user = await em.findOne(
    User,
    { email: normalizeEmail(email) },
    { populate: ['passwordHash'] },
  );
  // Same message and (through the dummy hash) the same time whether the email or the password
  // was wrong.
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw unauthenticated('Invalid email or password');
  const organizations = await activeMemberships(em, user.id);
  // A user whose only organizations are suspended or archived cannot sign in; super admins
  // without memberships can (they administer the platform).
  if (organizations.length === 0 && !user.isSuperadmin) {
    throw unauthenticated('None of your organizations is active');
  }
  const organization = organizations[0] ?? null;
  const accessToken = tokens.sign({ userId: user.id, orgId: organization?.id ?? null });
  return { accessToken, hasSeenIntro: user.hasSeenIntro, user, organizations, organization };
}
