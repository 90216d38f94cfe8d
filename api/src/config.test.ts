import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 4000,
      embeddedPgPort: 54329,
      tenantPoolMax: 1000,
      migrateOnStart: true,
      seedDemo: true,
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('requires a JWT secret and a data key in production and neither migrates nor seeds there by default', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_KEY: key })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /DATA_KEY: required in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_KEY: 'c2hvcnQ=' }),
    ).toThrow(/DATA_KEY: must be 32 random bytes/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_KEY: key });
    expect(c.migrateOnStart).toBe(false);
    expect(c.seedDemo).toBe(false);
  });

  it('configures an AI provider only when both its URL and its model are set', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(
      loadConfig({ AI_API_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1:8b' }).ai,
    ).toEqual({
      url: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.1:8b',
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({
        AI_API_URL: 'https://api.example.com/v1',
        AI_API_KEY: 'sk-test',
        AI_MODEL: 'some-model',
        AI_TIMEOUT_MS: '5000',
      }).ai,
    ).toEqual({
      url: 'https://api.example.com/v1',
      apiKey: 'sk-test',
      model: 'some-model',
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ AI_API_URL: 'http://localhost:11434/v1' })).toThrow(
      /AI_API_URL, AI_MODEL/,
    );
    expect(() => loadConfig({ AI_MODEL: 'llama3.1:8b' })).toThrow(/AI_API_URL, AI_MODEL/);
    expect(() =>
      loadConfig({ AI_API_URL: 'localhost:11434', AI_MODEL: 'm', AI_TIMEOUT_MS: '500' }),
    ).toThrow(/AI_API_URL[\s\S]*AI_TIMEOUT_MS/);
  });

  it('reads TENANT_CLUSTERS: named clusters with their defaults, or none (the platform server alone)', () => {
    expect(loadConfig({}).tenantClusters).toBeNull();
    const c = loadConfig({
      TENANT_CLUSTERS: JSON.stringify([
        { name: 'east', url: 'postgres://u:p@east:5432/postgres' },
        {
          name: 'west-2',
          url: 'postgres://u:p@west:5432/postgres',
          poolerUrl: 'postgres://u:p@west-bouncer:6432/postgres',
          connectionBudget: 400,
          maxTenants: 200,
          accepting: false,
        },
      ]),
    });
    expect(c.tenantClusters).toEqual([
      { name: 'east', url: 'postgres://u:p@east:5432/postgres', maxTenants: 1000, accepting: true },
      {
        name: 'west-2',
        url: 'postgres://u:p@west:5432/postgres',
        poolerUrl: 'postgres://u:p@west-bouncer:6432/postgres',
        connectionBudget: 400,
        maxTenants: 200,
        accepting: false,
      },
    ]);
    const bad = (value: unknown) => () =>
      loadConfig({ TENANT_CLUSTERS: typeof value === 'string' ? value : JSON.stringify(value) });
    const url = 'postgres://u:p@h/postgres';
    expect(bad('[{')).toThrow(/TENANT_CLUSTERS: must be a JSON array of clusters/);
    expect(bad([])).toThrow(/TENANT_CLUSTERS/);
    expect(bad([{ name: 'East', url }])).toThrow(/0\.name must be 1 to 40 lower-case/);
    expect(bad([{ name: 'a', url: 'http://h/x' }])).toThrow(/0\.url must be a postgres:\/\/ URL/);
    expect(bad([{ name: 'a', url, poolURL: url }])).toThrow(/poolURL/);
    expect(bad([{ name: 'a', url, maxTenants: 0 }])).toThrow(/0\.maxTenants/);
    expect(
      bad([
        { name: 'a', url },
        { name: 'a', url },
      ]),
    ).toThrow(/"a" is used twice/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', TENANT_POOL_MAX: '0', DATABASE_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*TENANT_POOL_MAX|PORT[\s\S]*TENANT_POOL_MAX/,
    );
  });
});
