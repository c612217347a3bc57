/**
 * The deployment files, checked on paper (no container runtime here): the compose file's services,
 * ports and health checks agree with each other, with the Dockerfiles and with nginx; every variable
 * the servers get is one the server reads, and the servers' environment, filled from .env.example's
 * names, passes the server's own configuration check.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, loadConfig } from '../src/config';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const servers = Object.entries(services).filter(([, s]) => s.build?.dockerfile === 'Dockerfile');

/** Values a deployment would fill in for each ${NAME...} (shaped as the server requires). */
const SAMPLE: Record<string, string> = {
  POSTGRES_PASSWORD: 'pg-password',
  SESSION_SECRET: 's'.repeat(48),
  ADMIN_TOKEN: 'a'.repeat(48),
  PUBLIC_HOST: 'prompts.example.com',
  CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from('clerk.prompts.example.com$').toString('base64')}`,
  CLERK_SECRET_KEY: 'sk_live_sample',
  OPENAI_API_KEY: 'sk-sample',
  ANTHROPIC_API_KEY: '',
  REMOTE_TRIAL_URL: '/remotes/trial/mf-manifest.json',
};

const VARIABLE = /\$\{(\w+)(?::?[-?][^}]*)?\}/g;
const fill = (value: string) => value.replace(VARIABLE, (_m, name: string) => SAMPLE[name] ?? '');

function dockerfile(file: string) {
  const text = read(file).replace(/\\\n\s*/g, ' ');
  const lines = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const finalStage = lines.slice(lines.findLastIndex((l) => l.startsWith('FROM ')));
  const values = (keyword: string) =>
    finalStage.filter((l) => l.startsWith(`${keyword} `)).map((l) => l.slice(keyword.length + 1));
  return { values, env: Object.fromEntries(values('ENV').map((e) => e.split('=') as [string, string])) };
}

describe('deployment files', () => {
  it('compose has PostgreSQL, Redis, two server instances, the proxy and a remote, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual([
      'postgres',
      'proxy',
      'redis',
      'remote-trial',
      'server-a',
      'server-b',
    ]);
    expect(servers.map(([name]) => name)).toEqual(['server-a', 'server-b']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test?.[0], `${name} has a health check`).toBe('CMD');
    }
  });

  it("every server variable is one the server reads, and the servers' environment passes its config check", () => {
    const known = new Set(Object.keys(EnvSchema.shape));
    for (const [name, server] of servers) {
      const env = Object.fromEntries(Object.entries(server.environment ?? {}).map(([k, v]) => [k, fill(String(v))]));
      expect(
        Object.keys(env).filter((k) => !known.has(k)),
        `${name}: unknown variables`,
      ).toEqual([]);
      const config = loadConfig(env);
      expect(config.databaseUrl).toBe('postgres://prompt:pg-password@postgres:5432/prompt');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.host).toBe('0.0.0.0');
      expect(config.trustProxy).toBe(1);
      expect(config.auth.mode).toBe('clerk');
      expect(config.adminToken).toBe(SAMPLE.ADMIN_TOKEN);
    }
    // Both instances sign cookies with one secret and share one database: same environment.
    expect(servers[0][1].environment).toEqual(servers[1][1].environment);
  });

  it('every variable compose uses is listed in deploy/.env.example', () => {
    const used = new Set([...read('deploy/compose.yaml').matchAll(VARIABLE)].map((m) => m[1]));
    const listed = new Set([...read('deploy/.env.example').matchAll(/^(\w+)=/gm)].map((m) => m[1]));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
    expect([...used].sort()).toEqual(Object.keys(SAMPLE).sort());
  });

  it('ports agree: Dockerfile, server env, health checks, the proxy upstream and the database URLs', () => {
    const image = dockerfile('Dockerfile');
    const port = image.env.PORT;
    expect(image.values('EXPOSE')).toEqual([port]);
    expect(image.values('HEALTHCHECK').join(' ')).toContain(`http://127.0.0.1:${port}/api/health/ready`);
    expect(image.values('CMD')).toEqual(['["node", "--import", "tsx", "proxy-server/src/index.ts"]']);
    for (const key of Object.keys(image.env).filter((k) => k !== 'NODE_ENV'))
      expect(EnvSchema.shape).toHaveProperty(key);

    const nginx = read('deploy/nginx-proxy.conf');
    for (const [name, server] of servers) {
      expect(server.environment?.PORT).toBe(port);
      expect(server.expose).toEqual([port]);
      expect(server.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/api/health/ready`);
      expect(nginx).toContain(`server ${name}:${port}`);
      expect(server.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(services.proxy.depends_on).toEqual({
      'server-a': { condition: 'service_healthy' },
      'server-b': { condition: 'service_healthy' },
    });
    const proxyPort = /listen (\d+);/.exec(nginx)?.[1];
    expect(services.proxy.ports).toEqual([`8080:${proxyPort}`]);
    expect(services.proxy.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${proxyPort}/api/health`);
    expect(services.postgres.healthcheck?.test).toContain('pg_isready');
    expect(services.redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('the remote image serves its dist with CORS on the port it exposes, manifest and entry revalidated', () => {
    const image = dockerfile('deploy/remote.Dockerfile');
    const conf = read('deploy/nginx-remote.conf');
    const port = /listen (\d+);/.exec(conf)?.[1];
    expect(image.values('EXPOSE')).toEqual([port]);
    expect(image.values('HEALTHCHECK').join(' ')).toContain(`http://127.0.0.1:${port}/mf-manifest.json`);
    expect(services['remote-trial'].ports).toEqual([`8081:${port}`]);
    expect(services['remote-trial'].build?.args).toEqual({ REMOTE: 'mfe-trial' });
    for (const location of ['= /mf-manifest.json', '= /remoteEntry.js', '/']) {
      const block = new RegExp(`location ${location.replace(/[./]/g, '\\$&')} \\{([^}]*)\\}`).exec(conf)?.[1] ?? '';
      expect(block, location).toContain('add_header Access-Control-Allow-Origin "*" always;');
    }
    expect(conf).toMatch(/location = \/mf-manifest\.json \{[^}]*no-cache/);
    expect(conf).toMatch(/location = \/remoteEntry\.js \{[^}]*no-cache/);
  });
});
