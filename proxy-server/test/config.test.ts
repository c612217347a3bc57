import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clerkFrontendApiOrigin, ConfigError, isLoopbackHost, loadConfig, REPO_ROOT } from '../src/config';
import { startServer } from '../src/server';
import { makeKeyPair, publishableKeyFor } from './clerkTokens';
import { CLEAN_ENV, tempDir } from './helpers';

describe('config', () => {
  it('defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3002);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.join(REPO_ROOT, '.data'));
    expect(c.providerTimeoutMs).toBe(600000);
    expect(c.providerMaxRetries).toBe(2);
    expect(c.trialLimitPerIp).toBe(50);
    expect(c.trialIpWindowMs).toBe(24 * 60 * 60 * 1000);
    expect(c.trustProxy).toBe(false);
    expect(c.auth).toEqual({ mode: 'local' });
    expect(c.openai.apiKey).toBeUndefined();
    expect(c.staticDirs.shell).toBe(path.join(REPO_ROOT, 'shell', 'dist'));
    expect(c.remoteTimeouts).toEqual({ manifestMs: 10000, entryMs: 120000 });
  });

  it('names every invalid variable', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', PROVIDER_MAX_RETRIES: '-1', OPENAI_BASE_URL: 'not a url' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain('PORT: must be a whole number');
    expect(message).toContain('PROVIDER_MAX_RETRIES: must be a whole number');
    expect(message).toContain('OPENAI_BASE_URL: must be a URL');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });

  it('empty values count as unset', () => {
    expect(loadConfig({ OPENAI_API_KEY: '  ', PORT: '' }).openai.apiKey).toBeUndefined();
  });

  it('TRUST_PROXY accepts off, hop counts and address lists', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('TRUST_PROXY=true is refused at start-up (clients could choose their own IP), suggesting a hop count or subnets', async () => {
    for (const v of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(ConfigError);
    }
    let message = '';
    try {
      loadConfig({ TRUST_PROXY: 'true' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('X-Forwarded-For');
    expect(message).toContain('TRUST_PROXY=1');
    expect(message).toContain('10.0.0.0/8');
    await expect(startServer({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }, CLEAN_ENV)).rejects.toThrow(
      /TRUST_PROXY=true/,
    );
  });

  it('decodes the Clerk frontend API origin from a publishable key', () => {
    expect(clerkFrontendApiOrigin(publishableKeyFor('clerk.example.test'))).toBe('https://clerk.example.test');
    expect(clerkFrontendApiOrigin(publishableKeyFor('happy-hippo-1.clerk.accounts.dev'))).toBe(
      'https://happy-hippo-1.clerk.accounts.dev',
    );
    expect(clerkFrontendApiOrigin(`pk_live_${Buffer.from('evil.com/x$').toString('base64')}`)).toBeUndefined();
    expect(clerkFrontendApiOrigin('sk_test_abc')).toBeUndefined();
    expect(clerkFrontendApiOrigin(`pk_test_${Buffer.from('no-dollar.example').toString('base64')}`)).toBeUndefined();
  });

  it('loopback hosts: 127.0.0.0/8, ::1 and localhost, in their usual spellings', () => {
    for (const h of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
      'LocalHost',
    ]) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      '10.0.0.1',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'example.com',
      'localhost.example.com',
    ]) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });
});

describe('the local identity is not exposed with provider keys', () => {
  const KEYS = { OPENAI_API_KEY: 'sk-test-OPENAI-SECRET-0123456789' };

  it('refuses to start on a non-loopback HOST with a provider key, naming the fix', async () => {
    for (const [host, keys] of [
      ['0.0.0.0', KEYS],
      ['::', KEYS],
      ['192.168.1.10', { ANTHROPIC_API_KEY: 'sk-ant-test-ANTHROPIC-SECRET-9876543210' }],
    ] as const) {
      expect(() => loadConfig({ HOST: host, ...keys }), host).toThrow(ConfigError);
    }
    let message = '';
    try {
      loadConfig({ HOST: '0.0.0.0', ...KEYS, ANTHROPIC_API_KEY: 'sk-ant-x' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('OPENAI_API_KEY and ANTHROPIC_API_KEY are set');
    expect(message).toContain('HOST=0.0.0.0');
    expect(message).toContain('CLERK_PUBLISHABLE_KEY');
    expect(message).toContain('HOST=127.0.0.1');
    expect(message).toContain('ALLOW_LOCAL_IDENTITY=true');
    expect(message).not.toContain('OPENAI-SECRET');
    // Through the real start-up path too (nothing is bound).
    await expect(startServer({ DATA_DIR: tempDir(), HOST: '0.0.0.0', ...KEYS }, CLEAN_ENV)).rejects.toThrow(
      /ALLOW_LOCAL_IDENTITY=true/,
    );
  });

  it('starts when any one condition is absent: loopback HOST, no key, Clerk, or ALLOW_LOCAL_IDENTITY=true', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(loadConfig({ HOST: host, ...KEYS }).host).toBe(host);
    expect(loadConfig({ HOST: '0.0.0.0' }).auth.mode).toBe('local');
    expect(loadConfig({ HOST: '0.0.0.0', ...KEYS, ALLOW_LOCAL_IDENTITY: 'true' }).auth.mode).toBe('local');
    const clerk = {
      AUTH_MODE: 'clerk',
      CLERK_PUBLISHABLE_KEY: publishableKeyFor('clerk.example.test'),
      CLERK_JWT_KEY: makeKeyPair().publicPem,
    };
    expect(loadConfig({ HOST: '0.0.0.0', ...KEYS, ...clerk }).auth.mode).toBe('clerk');
    // Only the explicit 'true' opts in.
    expect(() => loadConfig({ HOST: '0.0.0.0', ...KEYS, ALLOW_LOCAL_IDENTITY: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0', ...KEYS, ALLOW_LOCAL_IDENTITY: '1' })).toThrow(/ALLOW_LOCAL_IDENTITY/);
  });

  it('DATABASE_URL without SESSION_SECRET refuses to start, saying every instance needs the same secret', async () => {
    const { SESSION_SECRET: _secret, ...noSecret } = CLEAN_ENV;
    const shared = { ...noSecret, DATA_DIR: tempDir(), DATABASE_URL: 'postgres://app@db.internal:5432/prompt_perfect' };
    expect(() => loadConfig(shared)).toThrow(ConfigError);
    expect(() => loadConfig(shared)).toThrow(
      /DATABASE_URL is set but SESSION_SECRET is not\. .*set SESSION_SECRET .* to the same value on every instance/,
    );
    await expect(startServer({}, shared)).rejects.toThrow(/SESSION_SECRET is not/);
    const c = loadConfig({
      ...shared,
      SESSION_SECRET: CLEAN_ENV.SESSION_SECRET,
      REDIS_URL: 'redis://cache.internal:6379',
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://app@db.internal:5432/prompt_perfect',
      redisUrl: 'redis://cache.internal:6379',
    });
    expect(loadConfig({})).toMatchObject({ databaseUrl: undefined, redisUrl: undefined });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL; REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });
});
