import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLogger } from './logger.js';

function capture(level: 'info' | 'warn' = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (l: string) => void lines.push(l) } });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l)) };
}

describe('the logger', () => {
  it('writes JSON lines with the level by name and an ISO time', () => {
    const { logger, parsed } = capture();
    logger.info({ reqId: 'r1' }, 'request');
    expect(parsed()[0]).toMatchObject({ level: 'info', reqId: 'r1', msg: 'request' });
    expect(parsed()[0].time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('redacts secrets handed to it by mistake, at the top and one level down', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'hunter2-password',
        email: 'someone@example.test',
        token: 'tok-secret',
        variables: { p: 'var-secret' },
        req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'refresh=cookie-secret' } },
        user: { email: 'nested@example.test', accessToken: 'nested-token' },
      },
      'oops',
    );
    const text = lines.join('');
    for (const secret of [
      'hunter2-password',
      'someone@example.test',
      'tok-secret',
      'var-secret',
      'abc.def.ghi',
      'cookie-secret',
      'nested@example.test',
      'nested-token',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it("masks email addresses in an error's words", () => {
    const { logger, parsed } = capture();
    const err = Object.assign(new Error('duplicate key: jane.doe+hoa@example.org exists'), {
      detail: 'Key (email)=(jane.doe+hoa@example.org) already exists.',
    });
    logger.error({ err }, 'unexpected error');
    const line = parsed()[0];
    expect(JSON.stringify(line)).not.toContain('jane.doe');
    expect(line.err).toMatchObject({
      type: 'Error',
      message: 'duplicate key: [email] exists',
      detail: 'Key (email)=([email]) already exists.',
    });
    expect(line.err.stack).toContain('[email]');
  });

  it('writes nothing below its level', () => {
    const { logger, lines } = capture('warn');
    logger.info('an access line');
    logger.warn('a warning');
    expect(lines).toHaveLength(1);
  });
});

describe('LOG_LEVEL and METRICS_TOKEN', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(32),
    DATA_KEY: Buffer.alloc(32, 1).toString('base64'),
  };

  it('default to info in production, warn in development, silent in tests', () => {
    expect(loadConfig(production).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'development' }).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ ...production, LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('refuse an unknown level and a short token', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'long-enough-token-123' }).metricsToken).toBe(
      'long-enough-token-123',
    );
  });
});
