/**
 * The key that signs session and visitor cookies: SESSION_SECRET, else a random one generated on
 * first start into DATA_DIR/session-secret. A short or empty file is never used (cookies could be
 * forged) and never silently replaced (every session would end): the server refuses to start.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { SESSION_SECRET_MIN_LENGTH } from './config';
import { StartupError } from './startupError';

export const SECRET_FILE = 'session-secret';

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StartupError(
      `Cannot read ${file} (${(err as NodeJS.ErrnoException).code}). Fix its permissions, or set SESSION_SECRET.`,
    );
  }
}

function checked(file: string, secret: string): string {
  if (secret.length >= SESSION_SECRET_MIN_LENGTH) return secret;
  throw new StartupError(
    `${file} holds ${secret.length} characters; a session secret needs at least ${SESSION_SECRET_MIN_LENGTH} characters. Delete the file to have a new one generated (every signed-in user is signed out), or set SESSION_SECRET.`,
  );
}

/** Writes the file whole or not at all: temp file, fsync, then a link that fails if it exists. */
function createAtomically(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** DATA_DIR must exist already (openDataDir creates it with mode 0700). */
export function resolveSessionSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing !== undefined) return checked(file, existing);
  const secret = randomBytes(48).toString('base64url');
  if (createAtomically(file, secret)) return secret;
  // Another process created it between our read and our link: use theirs.
  return checked(file, readSecretFile(file) ?? '');
}
