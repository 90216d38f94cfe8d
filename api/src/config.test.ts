import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 4000,
      embeddedPgPort: 54329,
      tenantPoolMax: 50,
      migrateOnStart: true,
      seedDemo: true,
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('requires a JWT secret in production and neither migrates nor seeds there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(c.migrateOnStart).toBe(false);
    expect(c.seedDemo).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', TENANT_POOL_MAX: '0', DATABASE_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*TENANT_POOL_MAX|PORT[\s\S]*TENANT_POOL_MAX/,
    );
  });
});
