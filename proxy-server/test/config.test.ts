import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clerkFrontendApiOrigin, loadConfig, REPO_ROOT } from '../src/config';
import { publishableKeyFor } from './clerkTokens';

describe('config', () => {
  it('defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3002);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.join(REPO_ROOT, '.data'));
    expect(c.providerTimeoutMs).toBe(600000);
    expect(c.providerMaxRetries).toBe(2);
    expect(c.trialLimitPerIp).toBe(10);
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
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 16 characters/);
  });

  it('empty values count as unset', () => {
    expect(loadConfig({ OPENAI_API_KEY: '  ', PORT: '' }).openai.apiKey).toBeUndefined();
  });

  it('TRUST_PROXY accepts booleans, hop counts and address lists', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('decodes the Clerk frontend API origin from a publishable key', () => {
    expect(clerkFrontendApiOrigin(publishableKeyFor('clerk.example.test'))).toBe('https://clerk.example.test');
    expect(clerkFrontendApiOrigin(publishableKeyFor('happy-hippo-1.clerk.accounts.dev'))).toBe('https://happy-hippo-1.clerk.accounts.dev');
    expect(clerkFrontendApiOrigin('pk_live_' + Buffer.from('evil.com/x$').toString('base64'))).toBeUndefined();
    expect(clerkFrontendApiOrigin('sk_test_abc')).toBeUndefined();
    expect(clerkFrontendApiOrigin('pk_test_' + Buffer.from('no-dollar.example').toString('base64'))).toBeUndefined();
  });
});
