/**
 * DATA_DIR holds the session secret and the database (names, e-mails, sessions): only the server's
 * own user may read it. Failures become one-line StartupErrors that name the folder and the fix.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { StartupError } from '../startupError';

const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** Why a file-system call failed, in words an operator can act on. */
export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return code ?? (err as Error)?.message ?? String(err);
  }
}

export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    chmodSync(dataDir, DATA_DIR_MODE);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dataDir} cannot be used (${describeFsError(err)}). Set DATA_DIR to a folder this user can write, or fix its permissions.`,
    );
  }
}
