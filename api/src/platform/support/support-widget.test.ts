import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../test/app.js';

const WIDGET_QUERY = '{ supportWidget { scriptUrl websiteToken } }';

// The header's directives by name, each with its sources.
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

async function cspOf(app: TestApp): Promise<Map<string, string[]>> {
  const res = await fetch(`${app.url}/healthz`);
  return directives(res.headers.get('content-security-policy'));
}

describe('support widget configuration', () => {
  const base = { NODE_ENV: 'test' } as const;

  it('takes the script URL and website token together, and derives the origin the CSP allows', () => {
    expect(loadConfig(base).supportWidget).toBeNull();
    // Empty is unset (the compose file passes both through, empty when not configured).
    expect(
      loadConfig({ ...base, SUPPORT_WIDGET_URL: '', SUPPORT_WIDGET_TOKEN: '' }).supportWidget,
    ).toBeNull();
    const config = loadConfig({
      ...base,
      SUPPORT_WIDGET_URL: 'https://chat.example.com/packs/js/sdk.js',
      SUPPORT_WIDGET_TOKEN: 'aBc123_-x',
    });
    expect(config.supportWidget).toEqual({
      scriptUrl: 'https://chat.example.com/packs/js/sdk.js',
      websiteToken: 'aBc123_-x',
      origin: 'https://chat.example.com',
    });
  });

  it('refuses one without the other, another scheme, and a token that could break out of a header', () => {
    expect(() =>
      loadConfig({ ...base, SUPPORT_WIDGET_URL: 'https://chat.example.com/sdk.js' }),
    ).toThrow(/SUPPORT_WIDGET_URL, SUPPORT_WIDGET_TOKEN: set both/);
    expect(() => loadConfig({ ...base, SUPPORT_WIDGET_TOKEN: 'abc' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...base,
        SUPPORT_WIDGET_URL: 'javascript:alert(1)',
        SUPPORT_WIDGET_TOKEN: 'abc',
      }),
    ).toThrow(/SUPPORT_WIDGET_URL/);
    expect(() =>
      loadConfig({
        ...base,
        SUPPORT_WIDGET_URL: 'https://chat.example.com/sdk.js',
        SUPPORT_WIDGET_TOKEN: "abc'; script-src *",
      }),
    ).toThrow(/SUPPORT_WIDGET_TOKEN/);
  });
});

describe('support widget: configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      supportWidget: {
        scriptUrl: 'https://chat.example.com:8443/packs/js/sdk.js',
        websiteToken: 'website-token-1',
        origin: 'https://chat.example.com:8443',
      },
    });
  });
  afterAll(() => app?.close());

  it('tells anyone, signed in or not, which widget to load', async () => {
    const res = await app.gql(WIDGET_QUERY);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.supportWidget).toEqual({
      scriptUrl: 'https://chat.example.com:8443/packs/js/sdk.js',
      websiteToken: 'website-token-1',
    });
  });

  it("lets exactly the widget's origin into script-src, connect-src and frame-src", async () => {
    const csp = await cspOf(app);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://chat.example.com:8443']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://chat.example.com:8443']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://chat.example.com:8443']);
    // Nowhere else: styles, images, fonts, forms and framing of the app stay as they were.
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('support widget: not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('answers null, and the CSP names no other origin', async () => {
    const res = await app.gql(WIDGET_QUERY);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.supportWidget).toBeNull();
    const csp = await cspOf(app);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const [name, sources] of csp) {
      expect(
        sources.filter((s) => /^https?:/.test(s)),
        name,
      ).toEqual([]);
    }
  });
});
