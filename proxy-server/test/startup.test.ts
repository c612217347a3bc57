/**
 * Attack-run findings 2, 6 and 7: the secret file, TRUST_PROXY values that trust everyone, and
 * start-up failures that must end in one clear line (a StartupError) rather than a stack trace or a
 * silently fresh database.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Env } from '../src/config';
import { DB_FILE } from '../src/db/openSqlite';
import { SECRET_FILE } from '../src/secret';
import { startServer } from '../src/server';
import { StartupError } from '../src/startupError';
import { CLEAN_ENV, request, signInLocal, tempDir } from './helpers';

/** CLEAN_ENV without SESSION_SECRET, so the secret comes from DATA_DIR. */
const NO_SECRET: Env = { ...CLEAN_ENV, SESSION_SECRET: undefined };

async function startOnce(env: Env, base: Env = NO_SECRET) {
  const server = await startServer(env, base);
  await server.close();
}

const mode = (p: string) => statSync(p).mode & 0o777;

describe('session secret file', () => {
  it('is generated once with 0600 in a 0700 DATA_DIR, the database 0600, and kept across restarts', async () => {
    const dataDir = path.join(tempDir(), 'data');
    await startOnce({ DATA_DIR: dataDir });
    const secret = readFileSync(path.join(dataDir, SECRET_FILE), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(mode(path.join(dataDir, SECRET_FILE))).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, DB_FILE))).toBe(0o600);
    await startOnce({ DATA_DIR: dataDir });
    expect(readFileSync(path.join(dataDir, SECRET_FILE), 'utf8')).toBe(secret);
  });

  it('an existing DATA_DIR with loose permissions is tightened to 0700', async () => {
    const dataDir = tempDir();
    spawnSync('chmod', ['0755', dataDir]);
    await startOnce({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
  });

  it('a file that is too short (3 bytes) or empty refuses to start, naming the file and the fix', async () => {
    for (const content of ['abc', '', '\n']) {
      const dataDir = tempDir();
      writeFileSync(path.join(dataDir, SECRET_FILE), content);
      const started = startServer({ DATA_DIR: dataDir }, NO_SECRET);
      await expect(started).rejects.toThrow(StartupError);
      await expect(started).rejects.toThrow(
        `${path.join(dataDir, SECRET_FILE)} holds ${content.trim().length} characters; a session secret needs at least 32`,
      );
      // Not replaced silently: the operator decides.
      expect(readFileSync(path.join(dataDir, SECRET_FILE), 'utf8')).toBe(content);
    }
  });

  it('SESSION_SECRET shorter than 32 characters is refused', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(31) })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32));
  });

  it('two servers starting on one empty DATA_DIR agree on one secret: a cookie from one is valid on the other', async () => {
    const dataDir = tempDir();
    const [a, b] = await Promise.all([
      startServer({ DATA_DIR: dataDir }, NO_SECRET),
      startServer({ DATA_DIR: dataDir }, NO_SECRET),
    ]);
    try {
      const cookie = await signInLocal(a.url);
      const session = await request(`${b.url}/api/auth/session`, { cookie });
      expect(session.body.user?.email).toBe('ada@example.com');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('TRUST_PROXY that trusts everyone is refused with the variable named', () => {
  it('hop counts above 5 and catch-all subnets; usable values still pass', () => {
    for (const v of [
      '6',
      '99',
      '0.0.0.0/1,128.0.0.0/1',
      '0.0.0.0/0',
      '::/0',
      '8000::/1',
      '::ffff:0:0/96',
      '1.0.0.0/7',
      'not-an-ip',
      '10.0.0.0/8,',
      '10.0.0.0/33',
    ]) {
      let message = '';
      try {
        loadConfig({ TRUST_PROXY: v });
      } catch (e) {
        expect(e, v).toBeInstanceOf(ConfigError);
        message = (e as Error).message;
      }
      expect(message, v).toContain(`TRUST_PROXY=${v}`);
      expect(message, v).toContain('TRUST_PROXY=1');
    }
    for (const [v, expected] of [
      ['5', 5],
      ['10.0.0.0/8', '10.0.0.0/8'],
      ['172.16.0.0/12, 192.168.0.0/16', '172.16.0.0/12,192.168.0.0/16'],
      ['10.0.0.0/255.0.0.0', '10.0.0.0/255.0.0.0'],
      ['fc00::/7', 'fc00::/7'],
      ['loopback, uniquelocal', 'loopback,uniquelocal'],
    ] as const) {
      expect(loadConfig({ TRUST_PROXY: v }).trustProxy, v).toBe(expected);
    }
  });

  it('0.0.0.0/0 ends in a one-line StartupError, not a raw stack', async () => {
    await expect(startServer({ DATA_DIR: tempDir(), TRUST_PROXY: '0.0.0.0/0' }, CLEAN_ENV)).rejects.toThrow(
      StartupError,
    );
  });
});

describe('start-up failures name the file or variable and the fix', () => {
  it('a corrupt database file', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, DB_FILE), 'this is not a database, just text '.repeat(200));
    const started = startServer({ DATA_DIR: dataDir }, CLEAN_ENV);
    await expect(started).rejects.toThrow(StartupError);
    await expect(started).rejects.toThrow(
      `The database ${path.join(dataDir, DB_FILE)} cannot be used: it is not a valid SQLite database`,
    );
  });

  it('a database path that is a folder (unreadable as a file)', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, DB_FILE));
    await expect(startServer({ DATA_DIR: dataDir }, CLEAN_ENV)).rejects.toThrow(/cannot be used: it cannot be opened/);
  });

  it('a DATA_DIR that cannot be a folder', async () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const dataDir = path.join(file, 'data');
    const started = startServer({ DATA_DIR: dataDir }, CLEAN_ENV);
    await expect(started).rejects.toThrow(StartupError);
    await expect(started).rejects.toThrow(
      `DATA_DIR ${dataDir} cannot be used (a part of the path is a file, not a folder). Set DATA_DIR to a folder this user can write`,
    );
  });

  it('a database truncated to 0 bytes (or deleted) where one existed refuses to start; REINITIALIZE_DATABASE=true starts fresh', async () => {
    const dataDir = tempDir();
    await startOnce({ DATA_DIR: dataDir }, CLEAN_ENV);
    truncateSync(path.join(dataDir, DB_FILE), 0);
    const started = startServer({ DATA_DIR: dataDir }, CLEAN_ENV);
    await expect(started).rejects.toThrow(
      `The database ${path.join(dataDir, DB_FILE)} is empty (0 bytes), but this DATA_DIR held one before`,
    );
    await expect(started).rejects.toThrow('REINITIALIZE_DATABASE=true');
    await startOnce({ DATA_DIR: dataDir, REINITIALIZE_DATABASE: 'true' }, CLEAN_ENV);
    expect(statSync(path.join(dataDir, DB_FILE)).size).toBeGreaterThan(0);
    await startOnce({ DATA_DIR: dataDir }, CLEAN_ENV);
  });

  it('a HOST that is not an address of this machine, or not an address at all', async () => {
    await expect(startServer({ DATA_DIR: tempDir(), HOST: '203.0.113.7' }, CLEAN_ENV)).rejects.toThrow(
      /^HOST=203\.0\.113\.7 is not an address of this machine \(EADDRNOTAVAIL\)\. Use 127\.0\.0\.1/,
    );
    await expect(startServer({ DATA_DIR: tempDir(), HOST: 'http://example.com' }, CLEAN_ENV)).rejects.toThrow(
      /^HOST=http:\/\/example\.com is not an address or host name/,
    );
  });

  it('a port in use', async () => {
    const first = await startServer({ DATA_DIR: tempDir() }, CLEAN_ENV);
    try {
      await expect(startServer({ DATA_DIR: tempDir(), PORT: String(first.port) }, CLEAN_ENV)).rejects.toThrow(
        new RegExp(`^PORT=${first.port} is already in use`),
      );
    } finally {
      await first.close();
    }
  });

  it('the entry point prints one line and exits 1 (no stack trace)', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, SECRET_FILE), 'abc');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `proxy-server cannot start: ${path.join(dataDir, SECRET_FILE)} holds 3 characters; a session secret needs at least 32 characters. Delete the file to have a new one generated (every signed-in user is signed out), or set SESSION_SECRET.`,
    ]);
  });
});
