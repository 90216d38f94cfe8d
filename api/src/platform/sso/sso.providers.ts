import * as oidc from 'openid-client';
import type { Services } from '../../core/context.js';
import { AppError, badInput } from '../../core/errors/app-error.js';

export type SsoProviderId = 'google' | 'microsoft';
export const SSO_PROVIDER_IDS: readonly SsoProviderId[] = ['google', 'microsoft'];
export const SSO_PROVIDER_NAMES: Record<SsoProviderId, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};
export const SSO_SCOPE = 'openid email profile';

export function isSsoProviderId(value: unknown): value is SsoProviderId {
  return typeof value === 'string' && (SSO_PROVIDER_IDS as readonly string[]).includes(value);
}

export function enabledProviders(services: Services): SsoProviderId[] {
  return SSO_PROVIDER_IDS.filter((id) => services.config.sso[id] !== null);
}

// A provider the caller named: known and configured, else BAD_USER_INPUT on `provider`.
export function assertEnabled(services: Services, provider: string): SsoProviderId {
  if (!isSsoProviderId(provider) || !services.config.sso[provider]) {
    throw badInput(
      [{ field: 'provider', message: 'This sign-in provider is not available' }],
      'This sign-in provider is not available',
    );
  }
  return provider;
}

// Where the provider sends the browser back: fixed per provider, registered at the provider.
export function callbackUrl(services: Services, provider: SsoProviderId): string {
  return new URL(`/auth/sso/${provider}/callback`, services.publicUrl).href;
}

export const providerUnavailable = (provider: SsoProviderId) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    `${SSO_PROVIDER_NAMES[provider]} sign-in cannot be reached right now; try again shortly`,
    undefined,
    { reason: 'SSO_PROVIDER_UNAVAILABLE', retryAfter: 30 },
  );

// Discovery is done on first use, not at start-up (a provider that is down must not stop the
// API), and kept per Services instance; a failed discovery is forgotten so the next use retries.
const discovered = new WeakMap<Services, Map<SsoProviderId, Promise<oidc.Configuration>>>();

export function providerConfiguration(
  services: Services,
  provider: SsoProviderId,
): Promise<oidc.Configuration> {
  assertEnabled(services, provider);
  const client = services.config.sso[provider]!;
  let cache = discovered.get(services);
  if (!cache) discovered.set(services, (cache = new Map()));
  let found = cache.get(provider);
  if (!found) {
    // Plain http only outside production (a local provider in tests; config.ts refuses it there).
    const insecure = !services.config.production && client.issuer.startsWith('http://');
    found = oidc
      .discovery(new URL(client.issuer), client.clientId, client.clientSecret, undefined, {
        timeout: 10,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch(() => {
        // Not the network error itself: the error formatter would take a refused connection
        // for the database being away.
        cache.delete(provider);
        throw providerUnavailable(provider);
      });
    cache.set(provider, found);
  }
  return found;
}
