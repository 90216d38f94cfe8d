import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

// A real OpenID provider (oidc-provider) on loopback, standing in for Google or Microsoft Entra ID:
// discovery, the authorization endpoint with its sign-in page (any login name; it becomes the
// account's `sub`), the token endpoint and signed ID tokens — what openid-client talks to.
// Consent is granted at once (a first-party app, like a company's own Entra directory would).
//
//   const idp = await startFakeOidcProvider({ path: '/<tenant>/v2.0' });   // issuer known
//   app = await startTestApp({ sso: { …, microsoft: idp.client } });
//   idp.register(`${app.url}/auth/sso/microsoft/callback`);              // the one client
//   const back = await idp.authorize(authorizationUrl, 'alice');        // the redirect back
export interface FakeOidcProvider {
  issuer: string;
  client: { issuer: string; clientId: string; clientSecret: string };
  // Creates the provider with its one client (the redirect URI is known once the app listens).
  register(redirectUri: string): void;
  // The email the provider reports for an account (default <sub>@idp.test).
  setEmail(sub: string, email: string | null): void;
  // Signs in at the provider as `sub`, the way a browser would (its sign-in form and cookies),
  // and answers the URL the provider redirects back to (code, state, iss). `deny` cancels instead.
  authorize(authorizationUrl: string, sub: string, opts?: { deny?: boolean }): Promise<URL>;
  // Authorization requests the provider received, newest last (to check state, nonce, PKCE).
  requests: URL[];
  close(): Promise<void>;
}

class CookieJar {
  private readonly values = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || !value) this.values.delete(pair.slice(0, eq));
      else this.values.set(pair.slice(0, eq), value);
    }
  }
  header() {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function startFakeOidcProvider(
  opts: { path?: string } = {},
): Promise<FakeOidcProvider> {
  const path = (opts.path ?? '').replace(/\/$/, '');
  const emails = new Map<string, string | null>();
  const requests: URL[] = [];
  let handler: ((req: never, res: never) => void) | null = null;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!handler || (path && !url.startsWith(`${path}/`) && url !== path)) {
      res.writeHead(404).end();
      return;
    }
    if (url.startsWith(`${path}/auth?`)) requests.push(new URL(url, 'http://idp'));
    // Mounted under the issuer's path, as oidc-provider expects (it reads originalUrl for it).
    Object.assign(req, { originalUrl: url, url: url.slice(path.length) || '/' });
    handler(req as never, res as never);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}${path}`;
  const client = {
    issuer,
    clientId: `covenant-${randomBytes(4).toString('hex')}`,
    clientSecret: randomBytes(24).toString('base64url'),
  };

  const register = (redirectUri: string) => {
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [redirectUri],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [{ ...key, use: 'sig', alg: 'RS256', kid: 'test' }] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      pkce: { required: () => true },
      // Set, so the provider does not print a notice for each default it falls back to.
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 3600,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // The ID token carries the claims (as Google's and Entra's do), not only the userinfo answer.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      findAccount: (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: () => {
          const email = emails.has(sub) ? emails.get(sub) : `${sub}@idp.test`;
          return { sub, name: sub, ...(email ? { email, email_verified: true } : {}) };
        },
      }),
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { client: c, session } = ctx.oidc;
        if (!c || !session?.accountId) return undefined;
        const existing = session.grantIdFor(c.clientId);
        if (existing) return provider.Grant.find(existing);
        const grant = new provider.Grant({ accountId: session.accountId, clientId: c.clientId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    handler = provider.callback() as never;
  };

  const authorize = async (authorizationUrl: string, sub: string, o: { deny?: boolean } = {}) => {
    const jar = new CookieJar();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      });
      jar.take(res);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        throw new Error(`identity provider answered ${res.status} at ${url}: ${await res.text()}`);
      }
      return new URL(location, url);
    };
    let at = await go(authorizationUrl);
    const interaction = at.href;
    at = o.deny
      ? await go(`${interaction}/abort`)
      : await go(interaction, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString(),
        });
    // Resume at the authorization endpoint until the provider sends the browser home.
    for (let hop = 0; at.origin === new URL(issuer).origin && hop < 5; hop += 1)
      at = await go(at.href);
    return at;
  };

  return {
    issuer,
    client,
    register,
    setEmail: (sub, email) => void emails.set(sub, email),
    authorize,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
